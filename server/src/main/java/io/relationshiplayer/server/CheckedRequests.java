package io.relationshiplayer.server;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.WireFormat;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.grpc.GrpcStatuses;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;

/**
 * A request message that does not parse (truncated, invalid UTF-8 in a string field, garbage) fails its call with
 * INVALID_ARGUMENT naming the message, the field and what is wrong, e.g. {@code malformed request:
 * rl.v1.OpenSessionRequest does not parse at field 'database' (1): a string field holds invalid UTF-8}, and nothing is
 * logged. grpc-java on its own fails such a call with UNKNOWN ("Application error processing RPC") and a SEVERE
 * stack: its server parses the request before any interceptor sees it, so the check sits in the method's request
 * marshaller, which never throws, and in the call's handler, which closes the call instead of passing the message on.
 */
final class CheckedRequests {
    private CheckedRequests() {
    }

    /** {@code service} with each method's request checked as said above. */
    static ServerServiceDefinition of(ServerServiceDefinition service) {
        ServiceDescriptor original = service.getServiceDescriptor();
        List<ServerMethodDefinition<?, ?>> methods = new ArrayList<>();
        ServiceDescriptor.Builder descriptor = ServiceDescriptor.newBuilder(original.getName())
                .setSchemaDescriptor(original.getSchemaDescriptor());
        for (ServerMethodDefinition<?, ?> m : service.getMethods()) {
            ServerMethodDefinition<?, ?> checked = checked(m);
            methods.add(checked);
            descriptor.addMethod(checked.getMethodDescriptor());
        }
        ServerServiceDefinition.Builder b = ServerServiceDefinition.builder(descriptor.build());
        methods.forEach(b::addMethod);
        return b.build();
    }

    /** A request that did not parse, in place of the message. */
    record Malformed(String why) {
    }

    private static <Q, R> ServerMethodDefinition<Object, R> checked(ServerMethodDefinition<Q, R> m) {
        MethodDescriptor<Q, R> method = m.getMethodDescriptor();
        MethodDescriptor.Marshaller<Q> requests = method.getRequestMarshaller();
        MethodDescriptor<Object, R> checked = method.toBuilder(new MethodDescriptor.Marshaller<Object>() {
            @Override
            @SuppressWarnings("unchecked")
            public InputStream stream(Object value) {
                return requests.stream((Q) value);
            }

            @Override
            public Object parse(InputStream stream) {
                byte[] bytes;
                try {
                    bytes = stream.readAllBytes();
                } catch (IOException e) {
                    return new Malformed("malformed request: " + e.getMessage());
                }
                try {
                    return requests.parse(new java.io.ByteArrayInputStream(bytes));
                } catch (RuntimeException e) {
                    return new Malformed(describe(requests, bytes, e));
                }
            }
        }, method.getResponseMarshaller()).build();
        ServerCallHandler<Q, R> handler = m.getServerCallHandler();
        return ServerMethodDefinition.create(checked, (call, headers) -> start(call, headers, handler));
    }

    @SuppressWarnings("unchecked")
    private static <Q, R> ServerCall.Listener<Object> start(ServerCall<Object, R> call, Metadata headers,
                                                            ServerCallHandler<Q, R> handler) {
        // The call hands on messages of Q (a Malformed never reaches the handler), so it serves as a call of Q.
        ServerCall.Listener<Q> next = handler.startCall((ServerCall<Q, R>) (ServerCall<?, R>) call, headers);
        return new ServerCall.Listener<>() {
            private boolean refused;

            @Override
            public void onMessage(Object message) {
                if (refused) {
                    return;
                }
                if (message instanceof Malformed bad) {
                    refused = true;
                    call.close(GrpcStatuses.status(ErrorKind.INVALID_ARGUMENT, bad.why()), new Metadata());
                    return;
                }
                next.onMessage((Q) message);
            }

            @Override
            public void onHalfClose() {
                if (!refused) {
                    next.onHalfClose();
                }
            }

            @Override
            public void onCancel() {
                next.onCancel();
            }

            @Override
            public void onComplete() {
                next.onComplete();
            }

            @Override
            public void onReady() {
                if (!refused) {
                    next.onReady();
                }
            }
        };
    }

    /** What is wrong with {@code bytes}: the field where parsing failed, when the marshaller knows the message type. */
    static String describe(MethodDescriptor.Marshaller<?> requests, byte[] bytes, RuntimeException failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (requests instanceof MethodDescriptor.PrototypeMarshaller<?> p
                && p.getMessagePrototype() instanceof Message prototype) {
            Descriptor type = prototype.getDescriptorForType();
            Problem at = locate(type, bytes, "", "");
            String where = at == null ? "" : " at field '" + at.path + "' (" + at.numbers + ")";
            String what = at != null ? at.what : plain(root);
            return "malformed request: " + type.getFullName() + " does not parse" + where + ": " + what;
        }
        return "malformed request: " + plain(root);
    }

    private static String plain(Throwable t) {
        String m = t.getMessage();
        if (m == null) {
            return t.getClass().getSimpleName();
        }
        if (m.contains("invalid UTF-8")) {
            return "a string field holds invalid UTF-8";
        }
        if (m.contains("ended unexpectedly") || m.contains("truncated")) {
            return "the input ended in the middle of a field";
        }
        return m;
    }

    private record Problem(String path, String numbers, String what) {
    }

    /**
     * Walks {@code bytes} as a {@code type}, as protobuf's parser does, and returns the first field that does not
     * parse (null when none is found: the parser's message then says it all).
     */
    @Nullable
    static Problem locate(Descriptor type, byte[] bytes, String path, String numbers) {
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        FieldDescriptor field = null;
        try {
            while (true) {
                field = null;
                int tag = in.readTag();
                if (tag == 0) {
                    return null;
                }
                field = type.findFieldByNumber(WireFormat.getTagFieldNumber(tag));
                int wire = WireFormat.getTagWireType(tag);
                if (field == null || wire != WireFormat.WIRETYPE_LENGTH_DELIMITED
                        || field.isPackable() && field.isRepeated()) {
                    if (!in.skipField(tag)) {
                        return null;
                    }
                    continue;
                }
                byte[] value = in.readByteArray();
                String p = path.isEmpty() ? field.getName() : path + "." + field.getName();
                String n = numbers.isEmpty() ? Integer.toString(field.getNumber()) : numbers + "." + field.getNumber();
                if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                    Problem inner = locate(field.getMessageType(), value, p, n);
                    if (inner != null) {
                        return inner;
                    }
                } else if (field.getType() == FieldDescriptor.Type.STRING
                        && !com.google.protobuf.UnsafeByteOperations.unsafeWrap(value).isValidUtf8()) {
                    return new Problem(p, n, "a string field holds invalid UTF-8");
                }
            }
        } catch (InvalidProtocolBufferException e) {
            String what = plain(e);
            if (field == null) {
                return new Problem(path.isEmpty() ? "(top level)" : path, numbers.isEmpty() ? "-" : numbers, what);
            }
            return new Problem(path.isEmpty() ? field.getName() : path + "." + field.getName(),
                    numbers.isEmpty() ? Integer.toString(field.getNumber()) : numbers + "." + field.getNumber(), what);
        } catch (IOException e) {
            return null;
        }
    }
}
