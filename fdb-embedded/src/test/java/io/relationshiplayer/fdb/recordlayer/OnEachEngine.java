package io.relationshiplayer.fdb.recordlayer;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A scenario run once per {@link Engine} (the real cluster's run is skipped where there is none); the method takes
 * the engine and starts with {@code open(engine)}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "{0}")
@EnumSource(Engine.class)
@interface OnEachEngine {
}
