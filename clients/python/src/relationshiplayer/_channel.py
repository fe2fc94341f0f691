"""gRPC channels to a Relationship Layer server."""
import os
from pathlib import Path
from typing import Optional, Sequence, Tuple, Union

import grpc

from .exceptions import OperationalError

Metadata = Sequence[Tuple[str, str]]
PemSource = Union[str, bytes, os.PathLike, None]
TOKEN_ENV = "RL_TOKEN"


def _pem(source: PemSource, what: str) -> Optional[bytes]:
    """PEM bytes: given as bytes, or read from a path."""
    if source is None or isinstance(source, bytes):
        return source
    try:
        return Path(source).read_bytes()
    except OSError as e:
        raise OperationalError(f"cannot read the {what} file {source}: {e.strerror}", sqlstate="08001") from None


def tls_credentials(ca=None, cert=None, key=None) -> grpc.ChannelCredentials:
    """TLS credentials: ``ca`` the PEM CA certificate(s) that signed the server's certificate (default: the system
    roots), ``cert`` and ``key`` a client certificate and its key for a server that requires mutual TLS. Each is a
    path or PEM bytes."""
    if (cert is None) != (key is None):
        raise ValueError("a client certificate needs its key, and a key its certificate")
    return grpc.ssl_channel_credentials(root_certificates=_pem(ca, "CA"), private_key=_pem(key, "key"),
                                        certificate_chain=_pem(cert, "certificate"))


def open_channel(target: str, tls: Union[bool, grpc.ChannelCredentials] = False,
                 credentials: Optional[grpc.ChannelCredentials] = None, timeout: Optional[float] = 30.0,
                 options: Optional[Sequence[Tuple[str, object]]] = None, ca: PemSource = None,
                 cert: PemSource = None, key: PemSource = None) -> grpc.Channel:
    """A channel to ``target`` ("host:port"): plaintext, or TLS with ``credentials``, or with ``ca`` / ``cert`` /
    ``key`` (see :func:`tls_credentials`; any of them implies TLS), or the system roots when ``tls`` is True. Waits up
    to ``timeout`` seconds for it to be ready."""
    opts = [("grpc.max_receive_message_length", 64 * 1024 * 1024)] + list(options or ())
    if isinstance(tls, grpc.ChannelCredentials):
        credentials = tls
    if credentials is None and (ca is not None or cert is not None or key is not None):
        credentials = tls_credentials(ca, cert, key)
    if credentials is not None or tls:
        channel = grpc.secure_channel(target, credentials or grpc.ssl_channel_credentials(), options=opts)
    else:
        channel = grpc.insecure_channel(target, options=opts)
    if timeout is not None:
        try:
            grpc.channel_ready_future(channel).result(timeout=timeout)
        except grpc.FutureTimeoutError:
            channel.close()
            raise OperationalError(f"cannot reach the server at {target} within {timeout} s", sqlstate="08001")
    return channel


def auth_metadata(token: Optional[str]) -> Metadata:
    """Call metadata carrying a bearer token (sent on every call); ``None``: the environment variable RL_TOKEN, if
    set ("" sends none)."""
    if token is None:
        token = os.environ.get(TOKEN_ENV)
    return (("authorization", f"Bearer {token}"),) if token else ()
