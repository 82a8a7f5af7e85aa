"""The `clockwork` command: the app, line mode, and headless commands for scripts and tests.

Headless commands never import Textual (the app is imported only by the commands that open it),
so they start fast and work without a terminal. Every failure is one line on stderr and a
non-zero exit status; set CLOCKWORK_DEBUG=1 to see the traceback of an unexpected error.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import msgspec

from . import games, plain
from .engine import files, players, records, savelock, saves
from .engine.game import OptionError
from .engine.prompts import AnswerError, Prompt, valid_answers
from .engine.saves import SaveError
from .engine.savelock import Locked
from .opengame import OpenGame, take_lock
from .rules import loader
from .rules.loader import RulesetError


class Failure(Exception):
    """A one-line error for the player; main() prints it and exits with ``code``."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line instead of argparse's usage block, like every other error here.
        where = self.prog.removeprefix("clockwork").strip()
        raise Failure(f"{where + ': ' if where else ''}{message} (see {self.prog} --help)", code=2)


# -- helpers ----------------------------------------------------------------------------------


def _out(*lines: str) -> None:
    for line in lines:  # each one line: a newline from a file is written out too
        print(plain.safe(line, one_line=True))


def _open(path: str) -> OpenGame:
    try:
        return OpenGame.open(Path(path))
    except SaveError as exc:
        raise Failure(str(exc)) from None


def _open_to_play(path: str) -> OpenGame:
    """Open a save to change it: refused in one line while another process plays it."""
    try:
        og = OpenGame.open_to_play(Path(path))
    except Locked as exc:
        raise Failure(_busy(exc, path)) from None
    except SaveError as exc:
        raise Failure(str(exc)) from None
    if og.lock is not None and og.lock.stale is not None:
        note = f"clockwork: note: cleared the lock left by {og.lock.stale.describe()}: it is no longer running"
        print(plain.safe(note, one_line=True), file=sys.stderr)
    return og


def _name(path: str | Path) -> str:
    """A file's path as shown: a newline or escape code in a name planted in the shared folder is
    written out, so one line stays one line."""
    return plain.safe(str(path), one_line=True)


def _busy(exc: Locked, path: str | Path) -> str:
    return f"{exc}; try again once they quit (`clockwork watch {_name(path)}` follows the game meanwhile)"


def _new_lines(og: OpenGame, since: int) -> list[str]:
    return plain.log_lines(og.runner.session.log[since:])


# Declared ranges of the numbers the commands take (issue 14: every number has one). A seed is
# stored in the save as a 64-bit integer.
SEEDS = (0, 2**63 - 1)
RANDOM_STEPS = (1, 100_000)
UNDO_STEPS = (1, 1_000_000)


def _in_range(what: str, value: int | None, bounds: tuple[int, int]) -> None:
    if value is not None and not bounds[0] <= value <= bounds[1]:
        raise Failure(f"{what} must be from {bounds[0]} to {bounds[1]}, not {value}", code=2)


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise Failure(f"bad option '{pair}': write it as KEY=VALUE", code=2)
        options[key.strip()] = value
    return options


# -- commands ---------------------------------------------------------------------------------


def _has_terminal() -> bool:
    if os.environ.get("TEXTUAL_DRIVER", "").startswith(WEB_DRIVER):
        return True  # a browser tab through `clockwork web`: the driver talks over pipes
    return all(stream is not None and stream.isatty() for stream in (sys.stdin, sys.stdout))


def cmd_app(args: argparse.Namespace, watch: bool = False) -> int:
    if not _has_terminal():
        raise Failure(
            "the full-screen app needs a terminal; try `clockwork play --plain SAVE` or `clockwork --help`"
        )
    # Start-up makes a few hundred thousand objects that live as long as the app; collecting
    # garbage through them while they are made is about a twentieth of the time to the first
    # screen. The app collects again once that screen is drawn (ClockworkApp.on_mount).
    gc.disable()
    try:
        opened: OpenGame | None = None
        notices: list[str] = []
        if getattr(args, "path", None):
            # Read once, here: a bad save is one line before the screen is taken over, and the app
            # starts on this game's screen with only this game's code imported.
            opened, watch, notices = _open_for_app(args.path, watch)
        try:
            from .app import ClockworkApp
        except ImportError as exc:
            raise Failure(f"the app cannot start: {exc}") from None
        app = ClockworkApp(
            saves_dir=saves.default_saves_dir(args.saves_dir),
            opened=opened,
            watch=watch,
            notices=notices,
            restricted=args.restricted,
        )
        try:
            app.run()
        finally:
            if opened is not None:
                opened.release()
        return app.return_code or 0
    finally:
        gc.enable()


def _open_for_app(path: str, watch: bool) -> tuple[OpenGame, bool, list[str]]:
    """The save, held for playing; a watcher's read-only copy while someone else plays it."""
    if watch:
        return _open(path), True, []
    try:
        og = OpenGame.open_to_play(Path(path))
    except Locked as exc:
        who = exc.info.who() if exc.info else "another Clockwork"
        return _open(path), True, [f"{who} is playing this game: you are watching it."]
    except SaveError as exc:
        raise Failure(str(exc)) from None
    notices = []
    if og.lock is not None and og.lock.stale is not None:
        notices.append(f"Cleared the lock left by {og.lock.stale.describe()}: it is no longer running.")
    if og.notice:
        notices.append(og.notice)
    return og, False, notices


def cmd_watch(args: argparse.Namespace) -> int:
    return cmd_app(args, watch=True)


def cmd_play(args: argparse.Namespace) -> int:
    if not args.plain:
        return cmd_app(args)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # each prompt reaches a pipe at once
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")
    # A closed stdin (`<&-`) leaves sys.stdin as None: that is end of input at once.
    return plain.run(_open_to_play(args.path), sys.stdin or io.StringIO(), sys.stdout)


def cmd_new(args: argparse.Namespace) -> int:
    path = Path(args.save)
    if not path.suffix:  # the app lists saves by their .json name
        path = path.with_name(path.name + saves.SUFFIX)
    if path.exists() and not args.force:
        raise Failure(f"{_name(path)}: already exists (use --force to replace it; the old file is kept as .bak)")
    if not files.name_fits(path):  # its .bak, .lock and temporary names must fit beside it
        raise Failure(
            f"{_name(path)}: the name is too long for the file system (at most {files.max_name_bytes(path.parent)} "
            "bytes with .json; letters outside ASCII take 2 to 4)", code=2)
    _in_range("new: --seed", args.seed, SEEDS)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    try:
        lock = take_lock(path)  # --force must not replace a game someone is playing
    except Locked as exc:
        raise Failure(_busy(exc, path)) from None
    except SaveError as exc:
        raise Failure(str(exc)) from None
    try:
        og = OpenGame.new(args.game, _parse_options(args.option), seed, path)
    except KeyError as exc:
        raise Failure(str(exc.args[0]), code=2) from None
    except OptionError as exc:
        raise Failure(str(exc), code=2) from None
    except RulesetError as exc:
        more = len(exc.problems) - 1
        extra = f" (and {more} more: clockwork validate {exc.file})" if more > 0 else ""
        raise Failure(f"{exc}{extra}") from None
    except SaveError as exc:
        raise Failure(str(exc)) from None
    finally:
        if lock is not None:
            lock.release()
    options = " ".join(f"{k}={v}" for k, v in og.runner.session.options.items())
    _out(f"New {og.game.title} game in {_name(path)} (seed {seed}{'; ' + options if options else ''})")
    _out(*_new_lines(og, 0), *plain.pending_lines(og))
    return 0


def cmd_step(args: argparse.Namespace) -> int:
    if args.random is None and args.seed is not None:
        raise Failure("step: --seed goes with --random", code=2)
    if args.random is not None and args.answers:
        raise Failure("step: give answers or --random, not both", code=2)
    _in_range("step: --random", args.random, RANDOM_STEPS)
    _in_range("step: --seed", args.seed, SEEDS)
    og = _open_to_play(args.path)
    if args.random is not None:
        return _random_steps(og, args.random, args.seed)
    for raw in args.answers:
        before = len(og.runner.session.log)
        step = og.runner.applied + 1
        try:
            og.answer(raw)
        except AnswerError as exc:
            _out(*plain.pending_lines(og))
            raise Failure(f"{args.path}: step {step}: '{raw}' refused, nothing recorded: {exc}", code=2) from None
        except SaveError as exc:
            raise Failure(str(exc)) from None
        _out(*_new_lines(og, before))
    _out(*plain.pending_lines(og))
    return 0


def _random_steps(og: OpenGame, count: int, seed: int | None) -> int:
    seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
    # A driver for testing and demos, separate from the game's own seeded randomness.
    pick = random.Random(seed)
    _out(f"Random answers (driver seed {seed})")
    for _ in range(count):
        prompt = og.runner.pending
        if prompt is None:
            break
        before = len(og.runner.session.log)
        try:
            _answer_randomly(og, prompt, pick)
        except SaveError as exc:
            raise Failure(str(exc)) from None
        _out(*_new_lines(og, before))
    _out(*plain.pending_lines(og))
    return 0


def _answer_randomly(og: OpenGame, prompt: Prompt, pick: random.Random) -> None:
    """A random valid answer; one the game refuses (an amount above what a House holds behind its
    screen, say) is not recorded, and the other valid answers are tried in random order."""
    answers = valid_answers(prompt)
    first = pick.choice(answers)
    try:
        og.answer(first)
        return
    except AnswerError:
        pass
    rest = [a for a in answers if a != first]
    pick.shuffle(rest)
    for raw in rest:
        try:
            og.answer(raw)
            return
        except AnswerError:
            continue
    raise Failure(f"{og.path}: every answer is refused at '{prompt.label or prompt.text}'")


def cmd_undo_redo(args: argparse.Namespace) -> int:
    if args.count < 1:
        raise Failure(f"{args.command}: the number of steps must be 1 or more", code=2)
    _in_range(f"{args.command}: the number of steps", args.count, UNDO_STEPS)
    og = _open_to_play(args.path)
    before = len(og.runner.session.log)
    try:
        labels = og.undo(args.count) if args.command == "undo" else og.redo(args.count)
    except SaveError as exc:
        raise Failure(str(exc)) from None
    if not labels:
        _out(f"Nothing to {args.command}.")
    elif args.command == "undo":
        _out(*(f"Undone: {label}" for label in labels))
    else:
        _out(f"Redone {len(labels)} step{'s' * (len(labels) != 1)}:", *_new_lines(og, before))
    _out(*plain.pending_lines(og))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    og = _open(args.path)
    if args.json:
        saved = msgspec.structs.replace(og.save_file, session=og.runner.saved_session())
        sys.stdout.write(saves.for_terminal(saves.encode(saved).decode()) + "\n")
        return 0
    session = og.runner.session
    options = ", ".join(f"{k}={v}" for k, v in session.options.items()) or "defaults"
    _out(
        f"{og.game.title} · {og.game.subtitle}",
        f"Save: {_name(Path(args.path))}  (seed {session.seed}; {options}; "
        f"ruleset {session.ruleset_id} {session.ruleset_version})",
        f"{og.runner.summary()} · {og.runner.applied} steps answered"
        + (f" · {len(session.redo)} can be redone" if session.redo else ""),
    )
    if og.notice:
        _out(f"Note: {og.notice}")
    _out("", *plain.view_lines(og.runner.view()), "", *plain.pending_lines(og))
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    og = _open(args.path)
    _out(*plain.log_lines(og.runner.session.log))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    folder = saves.default_saves_dir(args.saves_dir)
    infos = saves.listing(folder)
    advice = files.folder_advice(folder)
    if advice:  # a shared folder set up to lock players out: the one command that fixes it
        print(plain.safe(f"clockwork: note: {advice}", one_line=True), file=sys.stderr)
    if not infos:
        _out(f"No saves in {_name(folder)}")
    for info in infos:
        if info.error:  # the error names the file already
            _out(info.error if info.error.startswith(_name(info.path)) else f"{_name(info.path)}: {info.error}")
        else:
            _out(f"{_name(info.path)}  {info.game}  {info.summary}  ({info.updated})")
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    for game in games.all_games().values():
        _out(f"{game.id}  {game.title} · {game.subtitle}")
        try:
            specs = game.setup_options(OpenGame.load_rules(game))
        except RulesetError as exc:
            _out(f"  (options unavailable: {exc})")
            continue
        for spec in specs:
            if spec.kind == "choice":
                values = "|".join(c.key for c in spec.choices)
            elif spec.kind == "several":
                values = ",".join(c.key for c in spec.choices) + f" ({spec.lo} to {spec.hi} of them)"
            else:
                values = "yes|no" if spec.kind == "bool" else f"{spec.lo}..{spec.hi}"
            _out(f"  --option {spec.key}={values}  (default {spec.default}) {spec.label}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    if args.paths and args.restricted:
        raise Failure("restricted mode: validate checks only the shipped rulesets (give no FILE)")
    shipped = loader.rulesets_dir()
    # A game whose bots are files keeps them in a folder of its own (rulesets/root/).
    paths = [Path(p) for p in args.paths] or [*sorted(shipped.glob("*.toml")), *sorted(shipped.glob("*/*.toml"))]
    if not paths:
        raise Failure(f"no rulesets to validate in {loader.rulesets_dir()}")
    known = games.all_games()
    bad = 0
    for path in paths:
        if automaton_file(path):
            bad += _validate_bot(path, args.play, args.seed or 0)
            continue
        try:
            header = loader.read_header(path)
            if header.game not in known:
                names = ", ".join(sorted(known))
                raise RulesetError(str(path), [("ruleset.game", f"unknown game '{header.game}' (known: {names})")])
            loader.load(path, known[header.game])
        except RulesetError as exc:
            bad += 1
            for line in exc.lines():
                print(plain.safe(line, one_line=True), file=sys.stderr)
            continue
        _out(f"ok: {path}")
    return 1 if bad else 0


def automaton_file(path: Path) -> bool:
    """A bot written as a file ([automaton] table) rather than a game's ruleset ([ruleset])."""
    from .automaton import load as load_bot  # the expression parser loads only for bot files
    from .automaton.load import AutomatonError

    try:
        head = load_bot.read_text(path)[:4096]
    except AutomatonError:
        return False
    return any(line.strip() == "[automaton]" for line in head.splitlines())


def _validate_bot(path: Path, play: int | None, seed: int) -> int:
    from .automaton import load as load_bot
    from .automaton import trial
    from .automaton.load import AutomatonError

    try:
        bot = load_bot.load(path, allow_shared=True)
    except AutomatonError as exc:
        for line in exc.problems:
            print(plain.safe(line, one_line=True), file=sys.stderr)
        return 1
    if play and not bot.header.shared:
        findings = trial.play(bot, play, seed)
        for line in findings:
            print(plain.safe(f"{path}: {line}", one_line=True), file=sys.stderr)
        if findings:
            return 1
        _out(f"ok: {path} ({play} random games of {trial.TURNS} turns, seed {seed})")
        return 0
    _out(f"ok: {path}")
    return 0


def cmd_chart(args: argparse.Namespace) -> int:
    if args.restricted:
        raise Failure("restricted mode: chart reads no file")
    from .automaton import chart
    from .automaton import load as load_bot
    from .automaton.load import AutomatonError

    try:
        bot = load_bot.load(Path(args.path), allow_shared=True)  # a shared file is charted like a bot
    except AutomatonError as exc:
        for line in exc.problems:
            print(plain.safe(line, one_line=True), file=sys.stderr)
        return 1
    draw = {"outline": chart.outline, "mermaid": chart.mermaid, "dot": chart.dot}[args.format]
    for line in draw(bot):
        _out(line)
    return 0


def cmd_web(args: argparse.Namespace) -> int:
    """The app in a browser: one app process per browser tab, behind a secret link (tui/web.py)."""
    if args.restricted:
        raise Failure("restricted mode: `clockwork web` is not available (it would open a network port)")
    try:
        from . import web
    except ImportError as exc:
        raise Failure(f"clockwork web needs textual-serve ({exc}); install it with `pip install textual-serve`") from None
    host = "0.0.0.0" if args.lan else args.host
    if not 0 < args.port < 65536:
        raise Failure(f"web: --port {args.port} is not a port number (1-65535)", code=2)
    if not 1 <= args.max_sessions <= 64:
        raise Failure(f"web: --max-sessions {args.max_sessions} must be from 1 to 64", code=2)
    loopback = host in web.LOOPBACK
    if args.unrestricted and not loopback:
        raise Failure("web: --unrestricted is for this machine only (not with --lan or another --host)", code=2)
    # Each tab runs `clockwork` with the same saves folder, restricted to it (no paths outside the
    # folder, no suspend, shipped rulesets), as over a shared SSH account.
    os.environ["CLOCKWORK_SAVES"] = str(saves.default_saves_dir(args.saves_dir).resolve())
    # Each window is whoever opens it (they say who on its home screen), not the server's player.
    os.environ.pop(players.ENV, None)
    command = [sys.executable, "-m", "tui"] + ([] if args.unrestricted else ["--restricted"])
    public = args.public_url or f"http://{host if loopback else _lan_address(host)}:{args.port}"
    server = web.TableServer(shlex.join(command), host=host, port=args.port, public_url=public,
                             secret=web.new_secret(), max_sessions=args.max_sessions)
    _out(
        f"Clockwork in the browser: open {server.link}",
        f"Saves in {os.environ['CLOCKWORK_SAVES']}; at most {args.max_sessions} windows at once. Ctrl+C stops the server.",
    )
    if not loopback:
        _out("Warning: anyone on this network who has the link can play and see these saves; share it only with the table.")
    try:
        server.serve()
    except OSError as exc:
        raise Failure(f"web: cannot listen on {host}:{args.port} ({exc.strerror or exc})") from None
    return 0


def _lan_address(host: str) -> str:
    """The address other machines reach this one by (the page's websocket URL must use it)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket  # only for the browser mode's address

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a UDP "connect" sends nothing; it picks the route
            return probe.getsockname()[0]
        except OSError:
            return socket.gethostname()


# -- restricted mode (a shared SSH account: ForceCommand clockwork --restricted) -------------

# Environment that would load code, open a debugger link or write files where the admin did not say.
_UNSAFE_ENV = (
    "CLOCKWORK_RULESETS", "CLOCKWORK_DEBUG", "TEXTUAL", "TEXTUAL_DEBUG", "TEXTUAL_LOG", "TEXTUAL_PRESS",
    "TEXTUAL_SCREENSHOT", "TEXTUAL_SCREENSHOT_LOCATION", "TEXTUAL_SCREENSHOT_FILENAME",
    "TEXTUAL_DEVTOOLS_HOST", "TEXTUAL_DEVTOOLS_PORT",
)
WEB_DRIVER = "textual.drivers.web_driver:"
_PATH_ARGS = ("path", "save")


def restricted_requested(flag: bool) -> bool:
    return flag or os.environ.get("CLOCKWORK_RESTRICTED", "").strip().lower() in ("1", "yes", "true", "on")


def restrict(args: argparse.Namespace) -> None:
    """Confine this run: the saves folder comes from the environment only and every save named on
    the command line must be inside it; rulesets only from the shipped folder."""
    if args.saves_dir is not None:
        raise Failure("restricted mode: the saves folder is set by the administrator (CLOCKWORK_SAVES), not --saves-dir")
    for name in _UNSAFE_ENV:
        os.environ.pop(name, None)
    files.follow_links = False  # rulesets too are read only through no link (saves never are)
    if not os.environ.get("TEXTUAL_DRIVER", WEB_DRIVER).startswith(WEB_DRIVER):
        os.environ.pop("TEXTUAL_DRIVER")
    folder = saves.default_saves_dir(None)
    for attr in _PATH_ARGS:
        value = getattr(args, attr, None)
        if value:
            setattr(args, attr, str(confined(value, folder)))


def confined(name: str, folder: Path) -> Path:
    """A save named by the player, inside ``folder``: a bare name means folder/name.json."""
    given = Path(name)
    if not given.is_absolute() and len(given.parts) == 1:
        try:
            return saves.path_in(folder, name)
        except SaveError as exc:
            raise Failure(f"restricted mode: {exc}") from None
    if given.resolve().parent != folder.resolve():
        raise Failure(f"restricted mode: only saves inside {folder}/ can be used, not {name}")
    return given.resolve()


# -- parser -----------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    # Accepted before or after the command; SUPPRESS keeps a later default from hiding an earlier value.
    common.add_argument(
        "--saves-dir",
        default=argparse.SUPPRESS,
        metavar="DIR",
        help="save folder (else $CLOCKWORK_SAVES, else ./saves)",
    )
    common.add_argument(
        "--restricted",
        action="store_true",
        default=argparse.SUPPRESS,
        help="for a shared SSH account: saves only in the folder set by $CLOCKWORK_SAVES, no suspend, "
        "shipped rulesets only (also $CLOCKWORK_RESTRICTED=1)",
    )
    common.add_argument(
        "--player",
        default=argparse.SUPPRESS,
        metavar="NAME",
        help="who is playing: the others see this name on the saves they play (also $CLOCKWORK_PLAYER; "
        "remembered for next time, except in restricted mode)",
    )
    parser = _Parser(
        prog="clockwork",
        description="Automated opponents and round bookkeeping for tabletop games. Without a command: the app.",
        epilog=(
            "environment: CLOCKWORK_SAVES the save folder; CLOCKWORK_RULESETS a folder of your group's "
            "own rulesets (<game-id>.toml: a copy of a shipped one, edited and checked with `clockwork "
            "validate`), used instead of the shipped ones, ignored in restricted mode; "
            "CLOCKWORK_RESTRICTED=1 restricted mode; CLOCKWORK_PLAYER who is playing (as --player); "
            "CLOCKWORK_DEBUG=1 tracebacks. See the README."
        ),
        parents=[common],
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def command(name: str, func, help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help, parents=[common])
        p.set_defaults(func=func)
        return p

    p = command("play", cmd_play, "open a save in the app (or line by line with --plain)")
    p.add_argument("path", metavar="SAVE")
    p.add_argument("--plain", action="store_true", help="line mode: one prompt per line, answers from stdin")

    p = command("watch", cmd_watch, "follow a game someone else is playing, live and read-only")
    p.add_argument("path", metavar="SAVE")

    p = command("new", cmd_new, "start a new game and save it")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--seed", type=int, help="seed for the game's draws and dice (default: random)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a setup option (repeatable; `clockwork games` lists them)",
    )
    p.add_argument("--save", required=True, metavar="PATH", help="where to save the game")
    p.add_argument("--force", action="store_true", help="replace an existing file (kept as .bak)")

    p = command("step", cmd_step, "apply answers in order and show the next question")
    p.add_argument("path", metavar="SAVE")
    p.add_argument("answers", nargs="*", default=[], metavar="ANSWER")
    p.add_argument("--random", type=int, metavar="N", help="answer the next N questions with random valid answers")
    p.add_argument("--seed", type=int, help="seed for --random (default: random)")

    for name, verb in (("undo", "undo the last N answers"), ("redo", "redo N undone answers")):
        p = command(name, cmd_undo_redo, verb)
        p.add_argument("path", metavar="SAVE")
        p.add_argument("count", nargs="?", type=int, default=1, metavar="N")

    p = command("show", cmd_show, "show a game: cards, steps, tracks and the next question")
    p.add_argument("path", metavar="SAVE")
    p.add_argument("--json", action="store_true", help="print the whole save as JSON")

    p = command("log", cmd_log, "print a game's history: turn headers, each line numbered by its step")
    p.add_argument("path", metavar="SAVE")

    command("list", cmd_list, "list the saves in the save folder")
    command("games", cmd_games, "list the games and their setup options for `new`")

    p = command("validate", cmd_validate, "check ruleset and bot files (default: every shipped ruleset)")
    p.add_argument("paths", nargs="*", default=[], metavar="FILE")
    p.add_argument("--play", type=int, metavar="N", help="bot files: also play N seeded random games")
    p.add_argument("--seed", type=int, help="seed for --play (default 0)")

    p = command("chart", cmd_chart, "print a bot file's steps as an outline (or a Mermaid or dot picture)")
    p.add_argument("path", metavar="FILE")
    p.add_argument("--format", choices=["outline", "mermaid", "dot"], default="outline")

    p = command("web", cmd_web, "serve the app to a browser (textual-serve); localhost only unless --lan")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--lan", action="store_true", help="listen on every address (0.0.0.0), for a tablet on the LAN")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--public-url", metavar="URL", help="the address browsers use, if not http://HOST:PORT")
    p.add_argument("--max-sessions", type=int, default=4, metavar="N",
                   help="browser windows playing at once (default 4; each runs its own Clockwork)")
    p.add_argument("--unrestricted", action="store_true",
                   help="this machine only: let each window open files outside the saves folder")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")  # a non-UTF-8 terminal gets '?' rather than a crash
    try:
        args = _parser().parse_args(argv)
        if not hasattr(args, "saves_dir"):
            args.saves_dir = None
        args.restricted = restricted_requested(getattr(args, "restricted", False))
        if args.restricted:
            restrict(args)
        players.start(getattr(args, "player", None), shared=args.restricted)
        return args.func(args) if args.command else cmd_app(args)
    except SystemExit as exc:  # --help and friends
        return exc.code if isinstance(exc.code, int) else 0
    except Failure as exc:
        print(plain.safe(f"clockwork: {exc}", one_line=True), file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `clockwork log SAVE | head`: the reader left; not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except SaveError as exc:  # a file's trouble that a command did not word itself: one line
        print(plain.safe(f"clockwork: {exc}", one_line=True), file=sys.stderr)
        return 1
    except OSError as exc:  # a file the command met (a name too long, a folder gone): one line
        where = f"{exc.filename}: " if exc.filename else ""
        print(plain.safe(f"clockwork: {where}{files.os_problem(exc)}", one_line=True), file=sys.stderr)
        return 1
    except Exception as exc:  # a bug: still one line, with the traceback on request
        if os.environ.get("CLOCKWORK_DEBUG"):
            raise
        detail = plain.safe(f"{type(exc).__name__}: {exc}", one_line=True)[:200]
        print(f"clockwork: internal error: {detail} (set CLOCKWORK_DEBUG=1 for details)", file=sys.stderr)
        return 70
    finally:
        for notice in records.take_notices():  # damaged records set aside: say so once
            print(plain.safe(f"clockwork: note: {notice}", one_line=True), file=sys.stderr)
        savelock.release_all()  # the next command (or another player) may play the save
