"""Screens: home, new-game setup, the generic game screen, help and small dialogs."""
