package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The shaded jar (target/rl-jdbc.jar, built in the package phase) alone, as a tool loads it from its driver folder:
 * in a class loader that sees nothing but the JDK, its driver is found through java.sql.Driver's service file, its
 * gRPC is relocated, and it queries a real server.
 */
class ShadedJarIT {
    @Test
    void theShadedJarAloneConnectsAndQueries() throws Exception {
        Path jar = Path.of("target", "rl-jdbc.jar");
        assertThat(Files.isRegularFile(jar)).as("%s was built", jar).isTrue();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            List<Driver> drivers = new ArrayList<>();
            ServiceLoader.load(Driver.class, loader).forEach(drivers::add);
            assertThat(drivers).extracting(d -> d.getClass().getName()).contains(RlDriver.class.getName());
            Driver driver = drivers.stream().filter(d -> d.getClass().getName().equals(RlDriver.class.getName()))
                    .findFirst().orElseThrow();
            assertThat(driver.getClass().getClassLoader()).isSameAs(loader);
            assertThatThrownBy(() -> loader.loadClass("io.grpc.Channel")).isInstanceOf(ClassNotFoundException.class);
            assertThatThrownBy(() -> loader.loadClass("com.google.protobuf.Message"))
                    .isInstanceOf(ClassNotFoundException.class);
            assertThat(loader.loadClass("io.relationshiplayer.jdbc.shaded.io.grpc.Channel")).isNotNull();
            try (Connection c = driver.connect(TestServer.url("shaded"), new Properties());
                 Statement st = c.createStatement()) {
                st.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(5))");
                st.execute("INSERT INTO t VALUES (1, 'one'), (2, 'two')");
                try (ResultSet rs = st.executeQuery("SELECT s FROM t WHERE id = 2")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("two");
                }
                assertThat(c.getMetaData().getTables(null, null, "%", null).next()).isTrue();
            }
        }
    }
}
