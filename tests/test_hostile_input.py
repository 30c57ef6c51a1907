"""Every file gets an answer: ``python -m engine replay`` on hostile and careless files exits 0, 1 or 2,
never with a traceback; a bad file is one line on stderr naming the file and the field.

``tests/records/hostile/`` holds the regression files (made from the descriptions of issue 11): deep
nesting, huge integers, lone surrogates, YAML tags with bad values, aliases, names docs/record.md forbids,
superscript digits in counts, house-rule values of another type than listed, bidi controls in names. A file
whose first line says ``# exit 1`` holds a move the engine must refuse as ``unreadable_move``; a file whose
name ends in ``_ok`` is one a careless reader would refuse and docs/record.md accepts (a JSON name written
with surrogate-pair escapes, emoji sequences), exit 0; every other file is bad input (exit 2). A seeded fuzz test mutates the
records of ``tests/records`` a few hundred times a run; the size tests time a 10 MB refused file and the
largest accepted one in a subprocess, measuring its memory.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

import engine.records.safe_yaml
from engine.__main__ import main
from engine.records.safe_yaml import MAX_BYTES

ROOT = Path(__file__).parent.parent
RECORDS = Path(__file__).parent / "records"
HOSTILE = RECORDS / "hostile"
HOSTILE_FILES = sorted(HOSTILE.iterdir())

#: Mutated records per fuzz run (``FUZZ_RECORDS`` overrides it, e.g. for a longer run by hand).
FUZZ_RECORDS = int(os.environ.get("FUZZ_RECORDS", "300"))
FUZZ_SEED = int(os.environ.get("FUZZ_SEED", "11"))


def replay_in_process(path: Path) -> tuple[int, str, str]:
    """``python -m engine replay PATH`` called in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["replay", str(path)])
        except SystemExit as stop:  # argparse: never for a file, but counted if it were
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def expected_exit(path: Path) -> int:
    if path.stem.endswith("_ok"):
        return 0
    with path.open("rb") as file:
        return 1 if file.readline().startswith(b"# exit 1") else 2


def check_answer(path: Path, code: int, out: str, err: str) -> None:
    """The docs/record.md contract for any answer: JSON on stdout for 0 and 1, one line naming the file on stderr for 2."""
    assert code in (0, 1, 2), (path, code, err)
    assert "Traceback" not in out + err
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"{path}: "), err
        assert out == ""
    else:
        result = json.loads(out)
        assert result["ok"] is (code == 0)
        assert err == ""


@pytest.mark.parametrize("path", HOSTILE_FILES, ids=lambda p: p.name)
def test_a_hostile_file_gets_its_answer(path: Path) -> None:
    code, out, err = replay_in_process(path)
    check_answer(path, code, out, err)
    assert code == expected_exit(path), (code, out, err)
    if code == 1:
        assert json.loads(out)["rule"] == "unreadable_move"
    elif code == 0:
        assert json.loads(out)["ok"]
    else:
        field = err.split(": ")[1]
        assert field, err  # the field (or "file") is named


@pytest.mark.parametrize("path", HOSTILE_FILES, ids=lambda p: p.name)
def test_pure_python_yaml_answers_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without libyaml (PyYAML's own parser) every hostile file gets the same exit code."""
    monkeypatch.setattr(engine.records.safe_yaml, "LOADER", yaml.SafeLoader)
    code, out, err = replay_in_process(path)
    check_answer(path, code, out, err)
    assert code == expected_exit(path)


def test_libyaml_is_used_where_present() -> None:
    if yaml.__with_libyaml__:
        assert engine.records.safe_yaml.LOADER is yaml.CSafeLoader
    else:
        assert engine.records.safe_yaml.LOADER is yaml.SafeLoader


@pytest.mark.parametrize("name", ["deep_nesting.json", "lone_surrogate_name.json", "tag_int.yaml", "superscript_take.yaml"])
@pytest.mark.slow
def test_hostile_files_through_the_real_command(name: str) -> None:
    path = HOSTILE / name
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    check_answer(path, done.returncode, done.stdout, done.stderr)
    assert done.returncode == expected_exit(path)


# --- size: bounded time and memory ------------------------------------------------------------------


#: Runs the command and reports its peak memory: VmHWM, the high-water mark of this program's own memory
#: (``ru_maxrss`` would count the parent's memory copied by the fork before the command started), and the
#: processor time it took, start-up included (not the wall clock: on a shared machine, or beside the other
#: worker of ``pytest -n``, a wall clock measures the neighbours too).
MEASURED = """
import sys
import time
from engine.__main__ import main
code = main(["replay", sys.argv[1]])
peak = [line for line in open("/proc/self/status") if line.startswith("VmHWM:")][0].split()[1]
sys.stderr.write(f"CPU {time.process_time()}\\n")
sys.stderr.write(f"VmHWM {peak}\\n")
sys.exit(code)
"""


def run_measured(path: Path) -> tuple[int, str, float, float]:
    """``python -m engine replay PATH`` in a subprocess: (exit code, stderr, processor seconds, peak memory in MB)."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURED, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    *lines, cpu, peak = done.stderr.splitlines()
    assert cpu.startswith("CPU ") and peak.startswith("VmHWM "), done.stderr
    return done.returncode, "".join(line + "\n" for line in lines), float(cpu.split()[1]), int(peak.split()[1]) / 1024


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="measures memory with /proc")
@pytest.mark.slow
def test_a_10_mb_file_is_refused_fast_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    line = '  - "Anna: draw"\n'
    path.write_text("variant: femhundra\nplayers: [Anna, Bertil]\nmoves:\n" + line * (10_000_000 // len(line)))
    code, err, seconds, megabytes = run_measured(path)
    assert code == 2 and err.startswith(f"{path}: file: is larger than 1 MB"), err
    assert seconds < 5, seconds
    assert megabytes < 80, megabytes  # Python and the engine alone: ~33 MB


def largest_record(path: Path) -> Path:
    """A record just under the limit: a seeded round and then as many legal-looking move lines as fit."""
    head = "variant: femhundra\nplayers: [Anna, Bertil]\nseed: 7\nmoves:\n"
    lines = ['  - "Anna: draw"\n', '  - "Anna: discard 3C"\n']
    body = []
    size = len(head)
    i = 0
    while size + len(lines[i % 2]) <= MAX_BYTES:
        body.append(lines[i % 2])
        size += len(lines[i % 2])
        i += 1
    path.write_text(head + "".join(body))
    assert MAX_BYTES - 30 < path.stat().st_size <= MAX_BYTES
    return path


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="measures memory with /proc")
@pytest.mark.slow
def test_the_largest_accepted_file_is_answered_fast(tmp_path: Path) -> None:
    code, err, seconds, megabytes = run_measured(largest_record(tmp_path / "largest.yaml"))
    assert code == 1 and err == ""  # read and replayed: the second move is refused (3C is not held)
    assert seconds < 5, seconds
    assert megabytes < 150, megabytes  # ~58 MB measured


def test_a_file_one_byte_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "over.yaml"
    path.write_text("variant: femhundra\nplayers: [Anna, Bertil]\n# " + "x" * MAX_BYTES + "\n")
    code, _, err = replay_in_process(path)
    assert code == 2 and "is larger than 1 MB" in err


# --- the fuzz test -----------------------------------------------------------------------------------

#: Fragments a careless or hostile writer might put anywhere.
FRAGMENTS = (
    "[", "]", "{", "}", ":", ": ", "- ", "\n", "  ", "'", '"', "!!int ", "!!bool ", "!!timestamp ", "!!float ",
    "!!map ", "!!python/object:os.system ", "&a ", "*a", "<<: ", "? ", "---\n", "...\n", "#", "\\ud800", "\ufeff",
    "²", "³", "¹", "٣", "0", "-1", "9" * 5000, "1e999", ".inf", "~", "null", "yes", "2001-13-45", "\t", "\x00",
    "JK=7H", "take all", "rommi 2", "layoff 5H on 1", "Cecilia: draw", "Anna: take ²", "é", "🃏", "[" * 200,
)


def mutate(text: str, rng: random.Random) -> str:
    """One to four random edits of ``text``: insert a fragment, delete or duplicate a span, swap two lines."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(5)
        at = rng.randrange(len(text) + 1)
        if kind == 0:
            text = text[:at] + rng.choice(FRAGMENTS) + text[at:]
        elif kind == 1:
            text = text[:at] + text[at + rng.randint(1, 40) :]
        elif kind == 2:
            span = text[at : at + rng.randint(1, 80)]
            text = text[:at] + span * rng.randint(2, 5) + text[at:]
        elif kind == 3:
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                text = "".join(lines)
        else:
            text = text[:at] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)])) + text[at:]
    return text


def fuzz(count: int, seed: int, folder: Path) -> Counter[int]:
    """Replay ``count`` mutated records in process; the answers counted by exit code (checked as they come)."""
    rng = random.Random(seed)
    sources = sorted(p for p in RECORDS.iterdir() if p.is_file())
    answers: Counter[int] = Counter()
    for index in range(count):
        source = rng.choice(sources)
        text = mutate(source.read_text(encoding="utf-8"), rng)
        path = folder / f"fuzz-{index}{source.suffix}"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        code, out, err = replay_in_process(path)
        check_answer(path, code, out, err)
        answers[code] += 1
        path.unlink()
    return answers


def test_fuzzed_records_all_get_an_answer(tmp_path: Path) -> None:
    answers = fuzz(FUZZ_RECORDS, FUZZ_SEED, tmp_path)
    assert sum(answers.values()) == FUZZ_RECORDS
    print(f"fuzz: {FUZZ_RECORDS} records, seed {FUZZ_SEED}: exit 0 ×{answers[0]}, 1 ×{answers[1]}, 2 ×{answers[2]}")
    # A mutation keeps a record readable often enough that all three answers are exercised.
    assert answers[0] and answers[1] and answers[2], answers


@pytest.mark.slow
def test_fuzzed_records_through_the_real_command(tmp_path: Path) -> None:
    rng = random.Random(FUZZ_SEED + 1)
    sources = sorted(p for p in RECORDS.iterdir() if p.is_file())
    for index in range(5):
        path = tmp_path / f"fuzz-{index}.yaml"
        path.write_bytes(mutate(rng.choice(sources).read_text(encoding="utf-8"), rng).encode("utf-8", "surrogatepass"))
        done = subprocess.run(
            [sys.executable, "-m", "engine", "replay", str(path)],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        check_answer(path, done.returncode, done.stdout, done.stderr)
