package io.relationshiplayer.sql.calcite;

import java.io.IOException;
import javax.annotation.Nullable;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.commons.compiler.ISimpleCompiler;
import org.codehaus.commons.compiler.Location;
import org.codehaus.commons.compiler.WarningHandler;
import org.codehaus.janino.Java;
import org.codehaus.janino.Parser;
import org.codehaus.janino.Scanner;
import org.codehaus.janino.SimpleCompiler;

/**
 * Janino's compiler of the Java class Calcite generates for a plan, made to stop soon after the statement being
 * prepared on its thread is cancelled ({@link StatementCancel#checkPreparing}). Janino offers no cancel of its own and
 * calls nothing of its caller while it compiles, but it takes the source location of every node of the syntax tree
 * from its parser: this compiler's parser checks whenever it makes a node, and gives every node a location that checks
 * whenever its line number is read, which Janino's code generator does at every bytecode instruction it writes (for the
 * line number table). A cancel then ends the compile within an instruction, in any method however large, instead of at
 * its end (a CASE of 999 branches took 0.2 to 1 s to compile). What it compiles is otherwise Janino's own work,
 * unchanged.
 *
 * <p>Calcite finds the compiler through Janino's {@link org.codehaus.commons.compiler.CompilerFactoryFactory}, which
 * takes the first {@link org.codehaus.commons.compiler.ICompilerFactory} service on the class path: this module
 * declares {@link Factory} as one (META-INF/services), ahead of Janino's own in this module's jar and in a jar made of
 * it and its dependencies. {@link #inUse} tells whether it is the one Calcite uses.
 */
public final class CancellableCompiler extends SimpleCompiler {
    @Nullable
    private WarningHandler warnings;
    private int sourceVersion = -1;

    /** The compiler factory Janino finds as a service: Janino's, with this compiler as its simple compiler. */
    public static final class Factory extends org.codehaus.janino.CompilerFactory {
        @Override
        public ISimpleCompiler newSimpleCompiler() {
            return new CancellableCompiler();
        }
    }

    /** Whether the compiler Calcite compiles generated code with is this one (the service was found first). */
    public static boolean inUse() {
        try {
            return org.codehaus.commons.compiler.CompilerFactoryFactory.getDefaultCompilerFactory(
                    org.apache.calcite.adapter.enumerable.EnumerableInterpretable.class.getClassLoader())
                    instanceof Factory;
        } catch (Exception e) {
            return false;
        }
    }

    private static final java.util.concurrent.atomic.AtomicBoolean CHECKED =
            new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Logs a warning, once per process, if Calcite does not compile with this compiler (a jar that puts Janino's
     * compiler-factory service ahead of this module's): cancels then wait for Janino's compiles to end.
     */
    public static void warnUnlessInUse() {
        if (CHECKED.compareAndSet(false, true) && !inUse()) {
            org.slf4j.LoggerFactory.getLogger(CancellableCompiler.class).warn("Calcite compiles generated code with "
                    + "Janino's own compiler, not {} (Janino's compiler-factory service comes first on the class "
                    + "path): a cancel does not stop a compile", Factory.class.getName());
        }
    }

    @Override
    public void setWarningHandler(@Nullable WarningHandler warningHandler) {
        this.warnings = warningHandler;
        super.setWarningHandler(warningHandler);
    }

    @Override
    public void setSourceVersion(int version) {
        this.sourceVersion = version;
        super.setSourceVersion(version);
    }

    /** Before the classes compiled are defined (Calcite loads them next). */
    @Override
    public ClassLoader getClassLoader() {
        StatementCancel.checkPreparing();
        return super.getClassLoader();
    }

    /** As Janino's: parses the unit, then compiles it; both check for a cancel as they go. */
    @Override
    public void cook(Scanner scanner) throws CompileException, IOException {
        StatementCancel.checkPreparing();
        try {
            Parser parser = new CheckedParser(scanner);
            parser.setSourceVersion(sourceVersion);
            parser.setWarningHandler(warnings);
            Java.AbstractCompilationUnit unit = parser.parseAbstractCompilationUnit();
            cook(unit);
        } catch (StackOverflowError e) {
            throw new CompileException("Compilation unit is nested too deeply", null, e);
        }
    }

    /** A parser that checks for a cancel at every node it makes, and gives each a {@link CheckedLocation}. */
    private static final class CheckedParser extends Parser {
        @Nullable
        private Location last;
        @Nullable
        private CheckedLocation lastChecked;

        CheckedParser(Scanner scanner) {
            super(scanner);
        }

        @Override
        public Location location() {
            StatementCancel.checkPreparing();
            Location l = super.location();
            if (l != last) { // the same token's location, asked again, gets the same object
                last = l;
                lastChecked = new CheckedLocation(l);
            }
            return lastChecked;
        }
    }

    /** A source location whose line number, read at every instruction Janino writes, checks for a cancel first. */
    private static final class CheckedLocation extends Location {
        private static final long serialVersionUID = 1L;

        CheckedLocation(Location l) {
            super(l.getFileName(), l.getLineNumber(), l.getColumnNumber());
        }

        @Override
        public int getLineNumber() {
            StatementCancel.checkPreparing();
            return super.getLineNumber();
        }
    }
}
