// Runs many Java or Kotlin samples in one JVM, so that the JVM starts and loads the client's
// libraries once, not once per sample. One JSON request a line on stdin ({"file": the sample's main
// class, "env"}), one JSON answer a line on file descriptor 3 ({"status", "stdout", "stderr"}),
// which nothing a sample prints can garble. Arguments: the class directories (the samples' and
// the generated client's); the jars of the class path (OkHttp, Gson, Moshi, Kotlin's runtime) are
// shared by every sample.
//
// Each sample runs as `java -cp … MainClass` would run it on its own:
// - in a class loader of its own over the class directories, so the client's static state (Kotlin's
//   ApiClient.apiKey map, a default ApiClient) starts empty, and one sample's key never reaches the
//   next. The threads a sample starts (OkHttp's) keep the host's context class loader, so that no
//   sample's classes outlive it there;
// - with exactly the environment given: a program cannot change its environment, so the host swaps
//   the map behind System.getenv (which needs --add-opens java.base/java.util=ALL-UNNAMED);
// - its output captured; an uncaught exception gives status 1 and the trace `java` prints. A
//   sample that calls System.exit ends this JVM: the shutdown hook reports its output without a
//   status, and the host's exit code is the sample's (test/support/sample-host.ts).
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

public class JvmSampleHost {
  private static final PrintStream STDOUT = System.out;
  private static final PrintStream STDERR = System.err;
  private static volatile Run current;

  /** One sample's captured output. */
  private static final class Run {
    final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    String answer(Integer status) {
      return "{\"status\":" + status + ",\"stdout\":" + quote(stdout) + ",\"stderr\":" + quote(stderr) + "}";
    }
  }

  public static void main(String[] args) throws Exception {
    URL[] classDirectories = new URL[args.length];
    for (int i = 0; i < args.length; i++) classDirectories[i] = Path.of(args[i]).toUri().toURL();
    Map<String, String> environment = processEnvironment();
    PrintStream channel = new PrintStream(new FileOutputStream(descriptor(3)), true, StandardCharsets.UTF_8);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      Run exiting = current;
      if (exiting != null) channel.println(exiting.answer(null));
    }));
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = requests.readLine()) != null; ) {
      Map<String, Object> request = new JsonReader(line).object();
      environment.clear();
      environment.putAll(strings(request.get("env")));
      channel.println(run((String) request.get("file"), classDirectories));
    }
  }

  private static String run(String mainClass, URL[] classDirectories) {
    Run run = new Run();
    int status = 0;
    try (URLClassLoader loader = new URLClassLoader(classDirectories, JvmSampleHost.class.getClassLoader())) {
      System.setOut(new PrintStream(run.stdout, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(run.stderr, true, StandardCharsets.UTF_8));
      current = run;
      Class.forName(mainClass, true, loader).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
    } catch (InvocationTargetException failed) {
      System.err.print("Exception in thread \"main\" ");
      failed.getCause().printStackTrace();
      status = 1;
    } catch (Exception | LinkageError unrunnable) {
      System.err.println("Error: could not run " + mainClass + ": " + unrunnable);
      status = 1;
    } finally {
      current = null;
      System.out.flush();
      System.err.flush();
      System.setOut(STDOUT);
      System.setErr(STDERR);
    }
    return run.answer(status);
  }

  /**
   * An inherited file descriptor: Java opens none by number, and /dev/fd/3 cannot be opened when it
   * is a socket, as Node's pipes are (needs --add-opens java.base/java.io=ALL-UNNAMED).
   */
  private static FileDescriptor descriptor(int number) throws ReflectiveOperationException {
    FileDescriptor descriptor = new FileDescriptor();
    Field fd = FileDescriptor.class.getDeclaredField("fd");
    fd.setAccessible(true);
    fd.setInt(descriptor, number);
    return descriptor;
  }

  /** The map behind System.getenv(): the JVM's copy of the environment, wrapped read-only. */
  @SuppressWarnings("unchecked")
  private static Map<String, String> processEnvironment() throws ReflectiveOperationException {
    Map<String, String> readOnly = System.getenv();
    Field inner = readOnly.getClass().getDeclaredField("m");
    inner.setAccessible(true);
    return (Map<String, String>) inner.get(readOnly);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> strings(Object object) {
    return object == null ? Map.of() : (Map<String, String>) object;
  }

  private static String quote(ByteArrayOutputStream bytes) {
    String text = bytes.toString(StandardCharsets.UTF_8);
    StringBuilder out = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') out.append('\\').append(c);
      else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
      else out.append(c);
    }
    return out.append('"').toString();
  }

  /** The requests' JSON: objects whose values are strings or objects of strings (the JDK has no JSON reader). */
  private static final class JsonReader {
    private final String text;
    private int at;

    JsonReader(String text) {
      this.text = text;
    }

    Map<String, Object> object() {
      Map<String, Object> members = new LinkedHashMap<>();
      expect('{');
      if (peek() != '}') {
        do {
          String name = string();
          expect(':');
          members.put(name, peek() == '{' ? object() : string());
        } while (peek() == ',' && expect(','));
      }
      expect('}');
      return members;
    }

    private String string() {
      expect('"');
      StringBuilder out = new StringBuilder();
      for (char c = text.charAt(at++); c != '"'; c = text.charAt(at++)) {
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char escaped = text.charAt(at++);
        switch (escaped) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            at += 4;
          }
          default -> out.append(escaped);
        }
      }
      return out.toString();
    }

    private char peek() {
      while (Character.isWhitespace(text.charAt(at))) at++;
      return text.charAt(at);
    }

    private boolean expect(char c) {
      if (peek() != c) throw new IllegalArgumentException("expected '" + c + "' at character " + at + " of a request");
      at++;
      return true;
    }
  }
}
