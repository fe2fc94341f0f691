package io.relationshiplayer.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.access.Principal;
import io.relationshiplayer.access.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenFileTest {
    private static final String ALICE = "rl_alice-token";
    private static final String BOB = "rl_bob-token";

    private static TokenFile parse(String... lines) {
        return TokenFile.parse("tokens.txt", List.of(lines));
    }

    private static void assertRefused(String message, String... lines) {
        assertThatThrownBy(() -> parse(lines)).isInstanceOf(TokenFile.TokenFileException.class)
                .hasMessageContaining(message);
    }

    @Test
    void authenticatesEachPrincipalByItsTokenOnly() {
        TokenFile tokens = parse("# comment", "", "alice " + TokenFile.hash(ALICE) + " shop=admin,reports=read",
                "  bob\t" + TokenFile.hash(BOB) + "   *=read  ");
        assertThat(tokens.size()).isEqualTo(2);
        Principal alice = tokens.authenticate(ALICE).orElseThrow();
        assertThat(alice.name()).isEqualTo("alice");
        assertThat(alice.grants()).isEqualTo(Map.of("shop", Role.ADMIN, "reports", Role.READ));
        assertThat(tokens.authenticate(BOB).orElseThrow().name()).isEqualTo("bob");
        assertThat(tokens.authenticate("rl_alice-token ")).isEmpty();
        assertThat(tokens.authenticate("")).isEmpty();
        assertThat(tokens.authenticate(TokenFile.hash(ALICE))).as("the hash is not the token").isEmpty();
    }

    @Test
    void hashIsSha256HexOfTheToken() {
        // echo -n abc | sha256sum
        assertThat(TokenFile.hash("abc"))
                .isEqualTo("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void newTokensAreRandomAndLong() {
        String a = TokenFile.newToken();
        String b = TokenFile.newToken();
        assertThat(a).startsWith("rl_").hasSize(46).isNotEqualTo(b);
        assertThat(a.substring(3)).matches("[A-Za-z0-9_-]+");
    }

    @Test
    void lineRoundTrips() {
        Map<String, Role> grants = new LinkedHashMap<>();
        grants.put("shop", Role.WRITE);
        grants.put("*", Role.READ);
        String line = TokenFile.line("carol", "secret", grants);
        assertThat(line).isEqualTo("carol " + TokenFile.hash("secret") + " shop=write,*=read").doesNotContain(
                "secret ");
        assertThat(parse(line).authenticate("secret").orElseThrow().grants()).isEqualTo(grants);
    }

    @Test
    void parseErrorsNameTheLine() {
        String h = TokenFile.hash(ALICE);
        assertRefused("tokens.txt line 2: expected NAME sha256:HEX DATABASE=ROLE[,...], found 2 fields",
                "# one", "alice " + h);
        assertRefused("tokens.txt line 1: invalid name 'al/ice'", "al/ice " + h + " a=read");
        assertRefused("tokens.txt line 1: the token hash must be sha256:", "alice " + ALICE + " a=read");
        assertRefused("tokens.txt line 1: the token hash must be sha256:", "alice sha256:ABCD a=read");
        assertRefused("tokens.txt line 1: unknown role 'owner'", "alice " + h + " a=owner");
        assertRefused("tokens.txt line 1: invalid grant 'a'", "alice " + h + " a");
        assertRefused("tokens.txt line 1: invalid grant ''", "alice " + h + " a=read,");
        assertRefused("tokens.txt line 1: database 'a' is granted twice", "alice " + h + " a=read,a=write");
        assertRefused("tokens.txt line 3: principal 'alice' is defined twice", "alice " + h + " a=read", "",
                "alice " + TokenFile.hash(BOB) + " a=read");
        assertRefused("tokens.txt line 2: the same token hash as an earlier line", "alice " + h + " a=read",
                "bob " + h + " a=read");
        assertRefused("tokens.txt: no principals", "# nobody", "");
    }

    @Test
    void loadNamesAMissingFile(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> TokenFile.load(dir.resolve("nope.txt"))).hasMessageContaining("does not exist");
        Path file = Files.writeString(dir.resolve("t.txt"), "alice " + TokenFile.hash(ALICE) + " a=read\nbad\n");
        assertThatThrownBy(() -> TokenFile.load(file)).hasMessageContaining(file + " line 2:");
    }

    @Test
    void rolesIncludeTheLowerOnesAndTheWildcardAppliesEverywhere() {
        Principal p = new Principal("p", Map.of("shop", Role.WRITE, "*", Role.READ, "ops", Role.ADMIN));
        assertThat(p.may("shop", Role.READ)).isTrue();
        assertThat(p.may("shop", Role.WRITE)).isTrue();
        assertThat(p.may("shop", Role.ADMIN)).isFalse();
        assertThat(p.may("other", Role.READ)).isTrue();
        assertThat(p.may("other", Role.WRITE)).isFalse();
        assertThat(p.may("ops", Role.ADMIN)).isTrue();
        Principal narrow = new Principal("n", Map.of("shop", Role.READ));
        assertThat(narrow.may("shop", Role.READ)).isTrue();
        assertThat(narrow.may("shop", Role.WRITE)).isFalse();
        assertThat(narrow.may("Shop", Role.READ)).as("names are exact").isFalse();
        assertThat(narrow.may("*", Role.READ)).isFalse();
        assertThat(Principal.NOBODY.may("shop", Role.READ)).isFalse();
        assertThat(Principal.UNRESTRICTED.may("anything", Role.ADMIN)).isTrue();
    }
}
