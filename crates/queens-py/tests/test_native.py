"""Behaving like a good native extension: the GIL released, Ctrl-C honoured, memory."""

import _thread
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import queens


def test_a_count_in_a_thread_lets_the_main_thread_run():
    done = threading.Event()

    def work():
        queens.count(18, threads=1)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    time.sleep(0.2)
    spins = 0
    while spins < 100_000:
        spins += 1
    # Had the count held the GIL, the main thread could only spin once it had finished.
    still_counting = not done.is_set()
    t.join()
    assert still_counting, "the count finished before the main thread ran: is the GIL held?"


def interrupt_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


def test_keyboard_interrupt_stops_a_long_count():
    start = time.monotonic()
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        queens.count(21, threads=1)  # about 20 minutes on one core
    # Interrupted half a second in; it must stop within a second of that.
    assert time.monotonic() - start < 1.5


def test_keyboard_interrupt_stops_a_uniform_draw():
    start = time.monotonic()
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        queens.one(21, uniform=True)  # minutes: the count joins the column sets
    assert time.monotonic() - start < 1.5


def test_keyboard_interrupt_stops_a_whole_listing():
    start = time.monotonic()
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        queens.solve(17, dtype="int8")  # 95,815,104 solutions: seconds
    assert time.monotonic() - start < 1.5


def test_keyboard_interrupt_stops_a_hard_completion_search():
    hard = queens.instance(30, seed=1, diagonals=32)  # about two CPU-hours to prove
    start = time.monotonic()
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        hard.find(threads=1)
    assert time.monotonic() - start < 1.5


def test_ctrl_c_from_the_terminal_stops_a_count():
    """A real SIGINT to a Python process counting n = 21 on every core."""
    code = "import queens, sys; print('ready', flush=True); queens.count(21)"
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=30)
    assert time.monotonic() - sent < 1, "the count did not stop within a second"
    assert child.returncode != 0 and "KeyboardInterrupt" in err


@pytest.mark.skipif(sys.platform != "linux", reason="peak RSS from /proc and getrusage")
def test_one_of_ten_million_stays_near_the_arrays_size():
    code = textwrap.dedent(
        """
        import resource, queens, numpy
        queens.one(1000)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        a = queens.one(10**7)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(before, after, a.nbytes)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after, nbytes = map(int, out.stdout.split())
    grown = (after - before) * 1024
    # 40 MB of int32; building it must not hold a second copy or a Python list.
    assert grown < 1.25 * nbytes, f"peak grew {grown} bytes for a {nbytes}-byte array"


def limited(headroom_mb, body):
    """Runs `body` in a Python whose address space is limited to `headroom_mb` past what
    it holds after a first small listing (which starts the library's threads); returns
    what it printed."""
    code = textwrap.dedent(
        f"""
        import re, resource, numpy, queens
        queens.solve(12)
        status = open("/proc/self/status").read()
        size = int(re.search(r"VmSize:\\s+(\\d+) kB", status).group(1)) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size + {headroom_mb} * 2**20, resource.RLIM_INFINITY))
        """
    ) + textwrap.dedent(body)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="free memory from /proc")
@pytest.mark.parametrize(
    "call, message",
    [
        # Every solution on every core (the left half listed, the rest mirrored), and a
        # limit (one list, grown as it goes); int8 has no narrower type to offer.
        ("queens.solve(16, dtype=numpy.int64)", r"solve\(16\) stopped after listing \d+ solutions, as many as the [\d.]+ GB free hold as int64 \(\d+ bytes each, listed and in the array\): pass limit=, a narrower dtype, or iterate queens.solutions\(16\)$"),
        ("queens.solve(17, limit=10**9, dtype=numpy.int8)", r"solve\(17\) stopped after listing \d+ solutions, .* as int8 .*: pass limit=, or iterate queens.solutions\(17\)$"),
        ("queens.solve(17, unique=True, dtype='>i4')", r"solve\(17\) stopped after listing \d+ solutions, .* as >i4 .*, or iterate queens.solutions\(17, unique=True\)$"),
    ],
)
def test_a_list_longer_than_memory_holds_is_a_memory_error(call, message):
    # 700 MB of address space: each call needs several GB, and stops with a MemoryError
    # before any allocation fails; a small one still fits.
    out = limited(
        700,
        f"""
        assert queens.solve(13, dtype=numpy.int64).shape == (73712, 13)
        try:
            {call}
        except MemoryError as e:
            print(e)
        """,
    )
    assert re.match(message, out.strip()), out


@pytest.mark.skipif(sys.platform != "linux", reason="free memory from /proc")
def test_too_little_memory_to_start_is_a_memory_error():
    out = limited(
        100,
        """
        try:
            queens.solve(10)
        except MemoryError as e:
            print(e)
        """,
    )
    assert re.match(r"solve\(10\) needs at least \d+ MB free to start, and there are \d+ MB$", out.strip()), out
