"""A real `rl server --memory --port 0` for the whole session, and a fresh database per test."""
import contextlib
import itertools
import os
import queue
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

import relationshiplayer

REPO = Path(__file__).resolve().parents[3]
LISTENING = re.compile(r"rl server listening on (\S+):(\d+)")
START_TIMEOUT = float(os.environ.get("RL_SERVER_START_TIMEOUT", "90"))
_databases = itertools.count(1)


def server_jar() -> Path:
    jar = Path(os.environ.get("RL_JAR", REPO / "cli" / "target" / "rl.jar"))
    if jar.is_file():
        return jar
    if os.environ.get("RL_JAR"):
        pytest.fail(f"RL_JAR={jar} does not exist", pytrace=False)
    mvn = shutil.which("mvn")
    if mvn is None or not (REPO / "pom.xml").is_file():
        pytest.fail(f"the server jar {jar} is missing and cannot be built here (need Maven and the repository "
                    f"at {REPO}); build it with: cd {REPO} && mvn -B -q -DskipTests package -pl cli -am",
                    pytrace=False)
    build = subprocess.run([mvn, "-B", "-q", "-DskipTests", "package", "-pl", "cli", "-am"], cwd=REPO,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
    if build.returncode != 0 or not jar.is_file():
        pytest.fail(f"building the server jar failed (mvn exit {build.returncode}):\n{build.stdout[-4000:]}",
                    pytrace=False)
    return jar


@contextlib.contextmanager
def running_server(*extra_args: str):
    """Runs `rl server --memory --port 0 EXTRA_ARGS` and yields its address ("127.0.0.1:<port>")."""
    with running_server_process(*extra_args) as (address, _):
        yield address


@contextlib.contextmanager
def running_server_process(*extra_args: str):
    """As running_server, yielding its address and its process (a test may kill it)."""
    jar = server_jar()
    java = os.environ.get("JAVA", shutil.which("java") or "java")
    proc = subprocess.Popen([java, "-jar", str(jar), "server", "--memory", "--port", "0", *extra_args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    lines: "queue.Queue[str]" = queue.Queue()
    seen = []

    def pump():  # keeps reading the server's output so that it never blocks on a full pipe
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    address = None
    try:
        while address is None:
            try:
                line = lines.get(timeout=START_TIMEOUT)
            except queue.Empty:
                pytest.fail(f"the server printed no address within {START_TIMEOUT} s:\n{''.join(seen)}",
                            pytrace=False)
            if line is None:
                pytest.fail(f"the server exited ({proc.wait()}) before listening:\n{''.join(seen)}", pytrace=False)
            seen.append(line)
            m = LISTENING.search(line)
            if m:
                address = f"{m.group(1)}:{m.group(2)}"
        yield address, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def server():
    """The address ("127.0.0.1:<port>") of a server started for this test session on the memory engine."""
    with running_server() as address:
        yield address


@pytest.fixture
def database(request) -> str:
    """A database name of this test's own."""
    name = re.sub(r"[^A-Za-z0-9_]", "_", request.node.name)[:40]
    return f"t{next(_databases)}_{name}"


@pytest.fixture
def conn(server, database):
    """A connection (autocommit off, as PEP 249 asks) on a database of the test's own, created by it."""
    c = relationshiplayer.connect(server, database=database, create=True)
    yield c
    c.close()
