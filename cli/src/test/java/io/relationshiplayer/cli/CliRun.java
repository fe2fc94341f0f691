package io.relationshiplayer.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Runs {@code rl} through picocli with captured output, as a person or a script would. */
record CliRun(int exitCode, String out, String err) {
    static CliRun rl(String... args) {
        return rlWithInput(null, args);
    }

    /** Runs with {@code stdin} as the standard input of {@code rl sql}. */
    static CliRun rlWithInput(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Rl.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        if (stdin != null) {
            SqlCommand sql = cl.getSubcommands().get("sql").getCommand();
            sql.stdin = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        }
        int code = cl.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
