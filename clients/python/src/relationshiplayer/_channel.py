"""gRPC channels to a Relationship Layer server."""
from typing import Optional, Sequence, Tuple, Union

import grpc

from .exceptions import OperationalError

Metadata = Sequence[Tuple[str, str]]


def open_channel(target: str, tls: Union[bool, grpc.ChannelCredentials] = False,
                 credentials: Optional[grpc.ChannelCredentials] = None, timeout: Optional[float] = 30.0,
                 options: Optional[Sequence[Tuple[str, object]]] = None) -> grpc.Channel:
    """A channel to ``target`` ("host:port"): plaintext, or TLS with ``credentials`` (or the system roots when
    ``tls`` is True). Waits up to ``timeout`` seconds for it to be ready."""
    opts = [("grpc.max_receive_message_length", 64 * 1024 * 1024)] + list(options or ())
    if isinstance(tls, grpc.ChannelCredentials):
        credentials = tls
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
    """Call metadata carrying a bearer token (sent on every call)."""
    return (("authorization", f"Bearer {token}"),) if token else ()
