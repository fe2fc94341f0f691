"""TLS, mutual TLS, bearer tokens and per-database roles against real `rl server`s started with --tls-cert,
--tls-key, --tls-client-ca and --auth-file. Certificates are made here, with the cryptography package."""
import datetime
import hashlib
import ipaddress
import secrets

import grpc
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

import relationshiplayer as rl
from relationshiplayer.records import RecordClient

from conftest import running_server


class Authority:
    """A CA that signs certificates for localhost and 127.0.0.1, written as PEM files (keys in PKCS#8)."""

    def __init__(self, directory, name):
        self.dir = directory
        self.name = name
        self.key = ec.generate_private_key(ec.SECP256R1())
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        now = datetime.datetime.now(datetime.timezone.utc)
        self.cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
                     .public_key(self.key.public_key()).serial_number(x509.random_serial_number())
                     .not_valid_before(now - datetime.timedelta(hours=1))
                     .not_valid_after(now + datetime.timedelta(days=1))
                     .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                     .sign(self.key, hashes.SHA256()))
        self.cert_file = directory / f"{name}-ca.pem"
        self.cert_file.write_bytes(self.cert.public_bytes(serialization.Encoding.PEM))

    def issue(self, common_name):
        key = ec.generate_private_key(ec.SECP256R1())
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)]))
                .issuer_name(self.cert.subject).public_key(key.public_key())
                .serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(hours=1))
                .not_valid_after(now + datetime.timedelta(days=1))
                .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                            x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                               critical=False)
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH,
                                                      ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False)
                .sign(self.key, hashes.SHA256()))
        cert_file = self.dir / f"{self.name}-{common_name}.pem"
        key_file = self.dir / f"{self.name}-{common_name}-key.pem"
        cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption()))
        return cert_file, key_file


TOKENS = {name: "rl_" + secrets.token_urlsafe(32) for name in ("admin", "reader", "other")}
GRANTS = {"admin": "shop=admin", "reader": "shop=read", "other": "books=admin"}


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("pki")
    server_ca = Authority(d, "server")
    client_ca = Authority(d, "clients")
    server_cert, server_key = server_ca.issue("rl-server")
    tokens = d / "tokens.txt"
    tokens.write_text("# name sha256:<hex of the token> grants\n" + "".join(
        f"{name} sha256:{hashlib.sha256(token.encode()).hexdigest()} {GRANTS[name]}\n"
        for name, token in TOKENS.items()))
    return {"dir": d, "server_ca": server_ca, "client_ca": client_ca, "cert": server_cert, "key": server_key,
            "tokens": tokens}


@pytest.fixture(scope="module")
def tls_server(pki):
    with running_server("--tls-cert", str(pki["cert"]), "--tls-key", str(pki["key"]),
                        "--auth-file", str(pki["tokens"])) as address:
        yield address


@pytest.fixture(scope="module")
def mtls_server(pki):
    with running_server("--tls-cert", str(pki["cert"]), "--tls-key", str(pki["key"]),
                        "--tls-client-ca", str(pki["client_ca"].cert_file),
                        "--auth-file", str(pki["tokens"])) as address:
        yield address


def test_tls_and_token_run_sql_within_the_grants(tls_server, pki):
    ca = pki["server_ca"].cert_file
    with rl.connect(tls_server, database="shop", ca=ca, token=TOKENS["admin"], create=True,
                    autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(20))")
        cur.execute("INSERT INTO items VALUES (?, ?)", (1, "one"))
    with rl.connect(tls_server, database="shop", ca=ca.read_bytes(), token=TOKENS["reader"],
                    autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SELECT name FROM items WHERE id = 1")
        assert cur.fetchall() == [("one",)]
        with pytest.raises(rl.ProgrammingError) as denied:
            cur.execute("INSERT INTO items VALUES (2, 'two')")
        assert denied.value.sqlstate == "42501"
        assert "reader has no write access to database 'shop'" in str(denied.value)
        cur.execute("SELECT COUNT(*) FROM items")
        assert cur.fetchone() == (1,)


def test_token_from_the_environment(tls_server, pki, monkeypatch):
    monkeypatch.setenv("RL_TOKEN", TOKENS["reader"])
    with rl.connect(tls_server, database="shop", ca=pki["server_ca"].cert_file) as conn:
        cur = conn.cursor()
        cur.execute("SHOW TABLES")
        assert cur.fetchall()


@pytest.mark.parametrize("token, message", [(None, "missing credentials"), ("rl_wrong", "invalid token")])
def test_missing_or_wrong_token_is_unauthenticated(tls_server, pki, monkeypatch, token, message):
    monkeypatch.delenv("RL_TOKEN", raising=False)
    with pytest.raises(rl.OperationalError) as refused:
        rl.connect(tls_server, database="shop", ca=pki["server_ca"].cert_file, token=token)
    assert refused.value.code == grpc.StatusCode.UNAUTHENTICATED
    assert message in str(refused.value)


def test_plaintext_client_cannot_reach_a_tls_server(tls_server):
    with pytest.raises(rl.OperationalError) as refused:
        rl.connect(tls_server, database="shop", token=TOKENS["admin"], timeout=3)
    assert refused.value.sqlstate == "08001"


def test_a_principal_sees_only_its_databases(tls_server, pki):
    ca = pki["server_ca"].cert_file
    with RecordClient(tls_server, ca=ca, token=TOKENS["other"]) as records:
        records.create_database("books")
        assert records.list_databases() == ["books"]
        with pytest.raises(rl.ProgrammingError) as denied:
            records.create_database("shop")
        assert "other has no admin access to database 'shop'" in str(denied.value)
    with RecordClient(tls_server, ca=ca, token=TOKENS["reader"]) as records:
        assert "books" not in records.list_databases()
    with pytest.raises(rl.ProgrammingError) as existing:
        rl.connect(tls_server, database="books", ca=ca, token=TOKENS["reader"])
    with pytest.raises(rl.ProgrammingError) as missing:
        rl.connect(tls_server, database="ghost", ca=ca, token=TOKENS["reader"])
    assert str(existing.value).replace("books", "X") == str(missing.value).replace("ghost", "X")


def test_mutual_tls_needs_a_client_certificate_of_the_client_ca(mtls_server, pki):
    ca = pki["server_ca"].cert_file
    cert, key = pki["client_ca"].issue("app")
    with rl.connect(mtls_server, database="shop", ca=ca, cert=cert, key=key, token=TOKENS["admin"],
                    create=True) as conn:
        cur = conn.cursor()
        cur.execute("SHOW TABLES")
        cur.fetchall()
    with pytest.raises(rl.OperationalError):
        rl.connect(mtls_server, database="shop", ca=ca, token=TOKENS["admin"], timeout=3)
    stranger_cert, stranger_key = pki["server_ca"].issue("stranger")
    with pytest.raises(rl.OperationalError):
        rl.connect(mtls_server, database="shop", ca=ca, cert=stranger_cert, key=stranger_key,
                   token=TOKENS["admin"], timeout=3)
