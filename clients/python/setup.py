"""Build hook: generates the gRPC stubs of rl.v1 from the project's .proto files with grpcio-tools.

The stubs are never committed. They are generated into the build (so into the wheel) as the package
``relationshiplayer._proto`` (``relationshiplayer/_proto/rl/v1/*_pb2.py``), with the generated ``from rl.v1 import``
lines rewritten to import from that package. The .proto files are found, in order, in ``$RL_PROTO_DIR``, in
``../../proto/src/main/proto`` (the repository), and in ``./proto`` (a source distribution carries a copy).
An editable install (``pip install -e``, or ``RL_PROTO_INPLACE=1``) also writes them into ``src/``.
"""
import os
import re
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
PACKAGE = "relationshiplayer"
GENERATED = "_proto"


def proto_root() -> Path:
    candidates = []
    if os.environ.get("RL_PROTO_DIR"):
        candidates.append(Path(os.environ["RL_PROTO_DIR"]))
    candidates += [HERE.parent.parent / "proto" / "src" / "main" / "proto", HERE / "proto"]
    for c in candidates:
        if (c / "rl" / "v1").is_dir():
            return c
    raise SystemExit("relationshiplayer: cannot find the rl/v1 .proto files; looked in "
                     + ", ".join(str(c) for c in candidates) + " (set RL_PROTO_DIR)")


def generate(out_package_dir: Path) -> None:
    """Runs protoc over rl/v1/*.proto into out_package_dir/_proto and rewrites the imports."""
    import grpc_tools
    from grpc_tools import protoc

    root = proto_root()
    protos = sorted(str(p.relative_to(root)) for p in (root / "rl" / "v1").glob("*.proto"))
    out = out_package_dir / GENERATED
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    well_known = Path(grpc_tools.__file__).resolve().parent / "_proto"  # google/protobuf/*.proto
    args = ["grpc_tools.protoc", f"-I{root}", f"-I{well_known}", f"--python_out={out}", f"--pyi_out={out}",
            f"--grpc_python_out={out}"] + protos
    if protoc.main(args) != 0:
        raise SystemExit("relationshiplayer: protoc failed on " + " ".join(protos))
    for d in (out, out / "rl", out / "rl" / "v1"):
        (d / "__init__.py").write_text('"""Generated from the rl.v1 .proto files at build time; do not edit."""\n')
    prefix = f"{PACKAGE}.{GENERATED}.rl"
    for f in (out / "rl" / "v1").glob("*.py*"):
        text = f.read_text()
        text = re.sub(r"^from rl(\.v1[\w.]*) import ", lambda m: f"from {prefix}{m.group(1)} import ", text,
                      flags=re.M)
        text = re.sub(r"^import rl\.v1\.", f"import {prefix}.v1.", text, flags=re.M)
        f.write_text(text)


class BuildPyWithProtos(build_py):
    def run(self):
        super().run()
        if not self.dry_run:
            generate(Path(self.build_lib) / PACKAGE)
            if getattr(self, "editable_mode", False) or os.environ.get("RL_PROTO_INPLACE"):
                generate(HERE / "src" / PACKAGE)


class SdistWithProtos(sdist):
    """A source distribution carries a copy of the .proto files (in ./proto), as it has no repository around it."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        root = proto_root()
        dest = Path(base_dir) / "proto" / "rl" / "v1"
        dest.mkdir(parents=True, exist_ok=True)
        for p in (root / "rl" / "v1").glob("*.proto"):
            shutil.copy2(p, dest / p.name)


setup(cmdclass={"build_py": BuildPyWithProtos, "sdist": SdistWithProtos})
