"""The installed package (its build-time gencode) against each current protobuf major: 5.x, 6.x and 7.x.

Each case installs that protobuf (and a googleapis-common-protos that fits it) from PyPI into a folder of its own and
runs a real query and a real error in a child interpreter whose path puts that folder first, with warnings as errors.
"""
import json
import os
import subprocess
import sys
import textwrap
from importlib import metadata

import pytest

MAJORS = {"5": "protobuf>=5.29.0,<6", "6": "protobuf>=6,<7", "7": "protobuf>=7,<8"}

CHILD = textwrap.dedent("""
    import json, sys, warnings
    warnings.simplefilter("error")
    import google.protobuf
    import relationshiplayer as rl
    out = {"protobuf": google.protobuf.__version__}
    with rl.connect(sys.argv[1], database=sys.argv[2], create=True, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("CREATE TABLE pv (id BIGINT PRIMARY KEY, name VARCHAR(10))")
        cur.execute("INSERT INTO pv VALUES (?, ?)", (1, "one"))
        cur.execute("SELECT id, name FROM pv")
        out["rows"] = cur.fetchall()
        try:
            cur.execute("INSERT INTO pv VALUES (?, ?)", (1, "again"))
        except rl.IntegrityError as e:
            out["sqlstate"] = e.sqlstate
    print(json.dumps(out))
""")


def test_the_package_admits_every_current_protobuf_major():
    from pip._vendor.packaging.requirements import Requirement

    reqs = [Requirement(r) for r in metadata.requires("relationshiplayer")]
    protobuf = next(r for r in reqs if r.name == "protobuf")
    for version in ("5.29.6", "6.33.0", "7.34.0"):
        assert protobuf.specifier.contains(version), (str(protobuf.specifier), version)


@pytest.mark.parametrize("major", sorted(MAJORS))
def test_stubs_work_with_protobuf_major(major, server, tmp_path):
    target = tmp_path / f"protobuf{major}"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--target", str(target),
         MAJORS[major], "googleapis-common-protos>=1.63.0,<2"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    assert install.returncode == 0, install.stdout
    env = dict(os.environ, PYTHONPATH=str(target))
    child = subprocess.run([sys.executable, "-c", CHILD, server, f"protobuf_{major}"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    assert child.returncode == 0, child.stdout
    out = json.loads(child.stdout.strip().splitlines()[-1])
    assert out["protobuf"].split(".")[0] == major
    assert out["rows"] == [[1, "one"]]
    assert out["sqlstate"] == "23505"
