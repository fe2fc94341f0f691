package io.relationshiplayer.server;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Certificates made at test time (nothing secret is committed): a CA, and certificates it signs for localhost and
 * 127.0.0.1, written as PEM files (keys in PKCS#8) under a directory.
 */
public final class TestCertificates {
    private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

    /** A certificate and its key, as PEM files. */
    public record Pem(Path cert, Path key) {
    }

    /** A CA that can sign leaf certificates. */
    public static final class Authority {
        private final Path dir;
        private final String name;
        private final KeyPair keys;
        private final X509CertificateHolder cert;
        private final Path certFile;

        private Authority(Path dir, String name) throws IOException {
            this.dir = dir;
            this.name = name;
            this.keys = keyPair();
            X500Name subject = new X500Name("CN=" + name);
            this.cert = new JcaX509v3CertificateBuilder(subject, serial(), from(), until(), subject, keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .build(signer(keys));
            this.certFile = write(dir.resolve(name + "-ca.pem"), pem(cert));
        }

        /** The CA's certificate (what a client trusts, or a server trusts for client certificates). */
        public Path certFile() {
            return certFile;
        }

        /** A certificate for localhost and 127.0.0.1, good for a server or a client. */
        public Pem issue(String commonName) throws IOException {
            KeyPair leaf = keyPair();
            GeneralNames names = new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1")});
            X509CertificateHolder c = new JcaX509v3CertificateBuilder(cert.getSubject(), serial(), from(), until(),
                    new X500Name("CN=" + commonName), leaf.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.subjectAlternativeName, false, names)
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                            new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}))
                    .build(signer(keys));
            Path certPath = write(dir.resolve(name + "-" + commonName + ".pem"), pem(c));
            Path keyPath = write(dir.resolve(name + "-" + commonName + "-key.pem"), "-----BEGIN PRIVATE KEY-----\n"
                    + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(leaf.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n");
            return new Pem(certPath, keyPath);
        }
    }

    private TestCertificates() {
    }

    /** A new CA named {@code name} writing its files under {@code dir}. */
    public static Authority authority(Path dir, String name) throws IOException {
        return new Authority(dir, name);
    }

    private static KeyPair keyPair() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"));
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ContentSigner signer(KeyPair keys) {
        try {
            return new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate());
        } catch (OperatorCreationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static BigInteger serial() {
        return BigInteger.valueOf(SERIAL.incrementAndGet());
    }

    private static Date from() {
        return Date.from(Instant.now().minus(Duration.ofHours(1)));
    }

    private static Date until() {
        return Date.from(Instant.now().plus(Duration.ofDays(1)));
    }

    private static String pem(X509CertificateHolder cert) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(out)) {
            w.writeObject(cert);
        }
        return out.toString();
    }

    private static Path write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.US_ASCII);
        return file;
    }
}
