# rl server for the fdb: backend: Java 17 and rl.jar on FoundationDB's own image, which has the matching native
# client library (/usr/lib/libfdb_c.so) that fdb-java loads. Build context: the repository root, after
#   mvn -B -ntp -q package -pl cli -am -DskipTests
ARG FDB_VERSION=7.3.68
FROM foundationdb/foundationdb:${FDB_VERSION}

RUN microdnf install -y java-17-openjdk-headless && microdnf clean all
COPY cli/target/rl.jar /opt/rl/rl.jar

# The cluster file is written from FDB_CLUSTER_FILE_CONTENTS at start, as the FoundationDB image does for servers;
# every option comes from RL_* variables or flags appended to `docker run` / `command:`.
ENV FDB_CLUSTER_FILE=/var/fdb/fdb.cluster \
    RL_BACKEND=fdb:/var/fdb/fdb.cluster \
    RL_HOST=0.0.0.0 \
    RL_PORT=7470
EXPOSE 7470 9464
ENTRYPOINT ["/usr/bin/tini", "-g", "--", "/bin/bash", "-c", \
    "if [ -n \"$FDB_CLUSTER_FILE_CONTENTS\" ]; then echo \"$FDB_CLUSTER_FILE_CONTENTS\" > \"$FDB_CLUSTER_FILE\"; fi; exec java $JAVA_OPTS -jar /opt/rl/rl.jar server \"$@\"", "rl-server"]
