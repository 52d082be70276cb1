# Runs many Ruby samples in one interpreter, so the generated client is loaded once, not once per
# sample. One JSON request a line on stdin ({"check"} or {"file", "env"}), one JSON answer a line on
# file descriptor 3 ({"status", "stdout", "stderr"}), which nothing a sample prints can garble.
# "check" compiles a file as `ruby -c` would; "file" loads it in a module of its own with exactly
# that environment, its output captured; an exception or `exit` gives the status `ruby sample.rb`
# would exit with. ARGV: directories put on the load path.
require 'json'
require 'stringio'

ARGV.reverse_each { |dir| $LOAD_PATH.unshift(dir) }
channel = IO.new(3, 'w')

def check(file)
  RubyVM::InstructionSequence.compile_file(file)
  { 'status' => 0, 'stdout' => "Syntax OK\n", 'stderr' => '' }
rescue SyntaxError => e
  { 'status' => 1, 'stdout' => '', 'stderr' => e.message }
end

def run(file, env)
  ENV.replace(env)
  out = StringIO.new
  err = StringIO.new
  $stdout = out
  $stderr = err
  status = 0
  begin
    load(file, true)
  rescue SystemExit => e
    status = e.status
  rescue Exception => e # rubocop:disable Lint/RescueException -- a sample's failure of any kind is its status
    err.puts(e.full_message(highlight: false))
    status = 1
  ensure
    $stdout = STDOUT
    $stderr = STDERR
  end
  { 'status' => status, 'stdout' => out.string, 'stderr' => err.string }
end

$stdin.each_line do |line|
  request = JSON.parse(line)
  answer = request['check'] ? check(request['check']) : run(request['file'], request['env'])
  channel.puts(JSON.generate(answer))
  channel.flush
end
