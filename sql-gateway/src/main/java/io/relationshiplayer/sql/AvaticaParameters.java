package io.relationshiplayer.sql;

import java.sql.PreparedStatement;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * The parameter values bound to a Calcite prepared statement, in the internal form its plan's data context gives them
 * ({@code TypedValue.toLocal()}, as Calcite's connection does before it runs a plan): Avatica keeps them behind a
 * protected accessor that only its own connection classes reach, which this class, never instantiated, is one of.
 */
final class AvaticaParameters extends AvaticaConnection {
    private static final Trojan TROJAN = createTrojan();

    private AvaticaParameters() {
        super(null, null, null, new Properties());
    }

    /** The values bound to {@code ps} (by {@link CalciteRunner#bind}), each as the plan reads it. */
    static Object[] internal(PreparedStatement ps) {
        List<TypedValue> values = TROJAN.getParameterValues((AvaticaStatement) ps);
        Object[] out = new Object[values.size()];
        for (int i = 0; i < out.length; i++) {
            TypedValue v = values.get(i);
            out[i] = v == null ? null : v.toLocal();
        }
        return out;
    }
}
