package io.relationshiplayer.server.auth;

import io.relationshiplayer.access.Principal;
import io.relationshiplayer.access.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The principals a server accepts, read from an auth file: one principal per line,
 * <pre>
 *   # NAME   TOKEN-HASH          GRANTS
 *   alice    sha256:&lt;64 hex&gt;   shop=admin,reports=read
 *   backup   sha256:&lt;64 hex&gt;   *=read
 * </pre>
 * Fields are separated by spaces or tabs; {@code #} starts a comment line; blank lines are skipped. The hash is the
 * SHA-256 of the token's UTF-8 bytes in lower-case hex, so that the file never holds a token. GRANTS is a
 * comma-separated list of {@code DATABASE=ROLE} ({@code read}, {@code write}, {@code admin}; {@code *} for every
 * database).
 */
public final class TokenFile {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.@-]+");
    private static final Pattern HASH = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final String PREFIX = "rl_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final List<Entry> entries;

    private record Entry(byte[] hash, Principal principal) {
    }

    private TokenFile(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** Reads and checks {@code file}; a malformed line fails with its line number. */
    public static TokenFile load(Path file) throws IOException {
        Objects.requireNonNull(file, "file is null");
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new TokenFileException("auth file " + file + " does not exist");
        }
        return parse(file.toString(), lines);
    }

    /** Parses the lines of an auth file; {@code source} names it in errors. */
    public static TokenFile parse(String source, List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Set<String> hashes = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = source + " line " + (i + 1) + ": ";
            String[] fields = line.split("[ \\t]+");
            if (fields.length != 3) {
                throw new TokenFileException(where + "expected NAME sha256:HEX DATABASE=ROLE[,...], found "
                        + fields.length + " field" + (fields.length == 1 ? "" : "s"));
            }
            if (!NAME.matcher(fields[0]).matches()) {
                throw new TokenFileException(where + "invalid name '" + fields[0] + "' (letters, digits, _ . @ -)");
            }
            if (!HASH.matcher(fields[1]).matches()) {
                throw new TokenFileException(where + "the token hash must be sha256: and 64 lower-case hex digits "
                        + "(rl token prints the line)");
            }
            if (!names.add(fields[0])) {
                throw new TokenFileException(where + "principal '" + fields[0] + "' is defined twice");
            }
            if (!hashes.add(fields[1])) {
                throw new TokenFileException(where + "the same token hash as an earlier line");
            }
            Map<String, Role> grants;
            try {
                grants = parseGrants(fields[2]);
            } catch (IllegalArgumentException e) {
                throw new TokenFileException(where + e.getMessage());
            }
            entries.add(new Entry(HexFormat.of().parseHex(fields[1].substring("sha256:".length())),
                    new Principal(fields[0], grants)));
        }
        if (entries.isEmpty()) {
            throw new TokenFileException(source + ": no principals (every call would be refused)");
        }
        return new TokenFile(entries);
    }

    /** {@code db1=admin,db2=read,*=read}. */
    public static Map<String, Role> parseGrants(String text) {
        Map<String, Role> grants = new LinkedHashMap<>();
        for (String grant : text.split(",", -1)) {
            int eq = grant.indexOf('=');
            if (eq <= 0 || eq == grant.length() - 1) {
                throw new IllegalArgumentException("invalid grant '" + grant + "': expected DATABASE=ROLE");
            }
            String database = grant.substring(0, eq);
            if (grants.put(database, Role.parse(grant.substring(eq + 1))) != null) {
                throw new IllegalArgumentException("database '" + database + "' is granted twice");
            }
        }
        return grants;
    }

    /** The principal whose token this is; every entry is compared, in constant time, whatever matches. */
    public Optional<Principal> authenticate(String token) {
        byte[] presented = sha256(token);
        Principal found = null;
        for (Entry e : entries) {
            if (MessageDigest.isEqual(presented, e.hash) && found == null) {
                found = e.principal;
            }
        }
        return Optional.ofNullable(found);
    }

    public int size() {
        return entries.size();
    }

    /** A new random token: {@code rl_} and 43 URL-safe base64 characters (256 random bits). */
    public static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The hash field of a token's line: {@code sha256:} and the hex SHA-256 of its UTF-8 bytes. */
    public static String hash(String token) {
        return "sha256:" + HexFormat.of().formatHex(sha256(token));
    }

    /** The auth file line of a principal. */
    public static String line(String name, String token, Map<String, Role> grants) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("invalid name '" + name + "' (letters, digits, _ . @ -)");
        }
        StringBuilder g = new StringBuilder();
        grants.forEach((db, role) -> g.append(g.length() == 0 ? "" : ",").append(db).append('=').append(role));
        return name + " " + hash(token) + " " + g;
    }

    private static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** A malformed auth file; the message names the file and line. */
    public static final class TokenFileException extends IllegalArgumentException {
        TokenFileException(String message) {
            super(message);
        }
    }
}
