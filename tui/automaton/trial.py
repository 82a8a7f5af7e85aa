"""`clockwork validate --play N`: seeded random games of one bot, answered at random, reporting the
first bound hit, empty deck or counter pushed past its range, with the steps that led there."""

from __future__ import annotations

import random
from collections import deque

from ..engine.game import Context
from ..engine.prompts import TurnStart, answer_value, parse_answer, valid_answers
from ..engine.rng import Rng
from .run import BotError, BotState, Interpreter, bot_turn, new_bot
from .schema import Automaton

TURNS = 30
MAX_PROMPTS = 5000  # per turn: a turn that asks more never ends at a table either


def play(bot: Automaton, games: int, seed: int = 0, turns: int = TURNS) -> list[str]:
    """One line per finding (at most one per game), each with the last steps walked."""
    findings: list[str] = []
    run = Interpreter(bot)
    for game in range(games):
        game_seed = seed * 7919 + game
        pick = random.Random(game_seed)
        options = {k: pick.choice(list(o.choices)) for k, o in bot.options.items()}
        state = new_bot(bot, options, Rng.from_seed(game_seed))
        for name, track in bot.tracks.items():
            if name not in state.track_values:
                state.track_values[name] = [pick.randint(0, 5) for _ in range(track.spaces)]
        trail: deque[str] = deque(maxlen=6)
        found: list[str] = []

        def log(line: str, trail: deque[str] = trail, found: list[str] = found) -> None:
            if "stops" in line and not found:
                found.append(line)

        ctx = Context(None, options, log)
        try:
            for _ in range(turns):
                _turn(bot, state, ctx, run, pick, trail)
                if found:
                    break
        except BotError as exc:
            found.append(str(exc))
        if found:
            steps = "; ".join(trail) or "before the first step"
            chosen = ", ".join(f"{k}={v}" for k, v in options.items()) or "no options"
            findings.append(f"game {game + 1} (its seed {game_seed}; {chosen}): {found[0]} — after {steps}")
    return findings


def _turn(bot: Automaton, state: BotState, ctx: Context, run: Interpreter, pick: random.Random,
          trail: deque[str]) -> None:
    turn = bot_turn(bot, state, ctx, run)
    answer: object = None
    for _ in range(MAX_PROMPTS):
        try:
            prompt = turn.send(answer)
        except StopIteration:
            return
        if state.at:
            trail.append(" > ".join(f"{p} step {i + 1}" for p, i in state.at))
        if isinstance(prompt, TurnStart):
            answer = None
            continue
        canonical = parse_answer(prompt, pick.choice(valid_answers(prompt) or [""]))
        answer = answer_value(prompt, canonical)
    raise BotError(f"a turn asked more than {MAX_PROMPTS} questions")
