package io.relationshiplayer.cli;

import picocli.CommandLine;

/** {@code rl --version}: the build's version, from the jar manifest when packaged. */
final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Rl.class.getPackage().getImplementationVersion();
        return new String[] {"rl " + (v == null ? "0.1.0-SNAPSHOT" : v)};
    }
}
