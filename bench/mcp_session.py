"""An MCP host on a server's stdio, for the bench scripts: `serve` under callgrind, JSON-RPC calls
awaited by id, and the opening every host sends (initialize, initialized, tools/list)."""
import json
import subprocess
import sys


class Session:
    """BINARY `serve` under `valgrind --tool=callgrind`, its profile written to OUT."""

    def __init__(self, binary, env, out, valgrind_args=()):
        cmd = ["valgrind", "--tool=callgrind", *valgrind_args, f"--callgrind-out-file={out}",
               binary, "serve"]
        self.process = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env)

    def call(self, message):
        """Send `message`; for a request, its answer (other messages are passed over)."""
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()
        if "id" not in message:
            return None
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("the server closed its stdout")
            answer = json.loads(line)
            if answer.get("id") == message["id"]:
                return answer

    def open(self, client):
        """initialize (as CLIENT), initialized, and tools/list; ids 0 and 1."""
        self.call({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                   "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                              "clientInfo": {"name": client, "version": "1"}}})
        self.call({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.call({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}})

    def tool(self, request_id, name, arguments):
        return self.call({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                          "params": {"name": name, "arguments": arguments}})

    def close(self):
        """End of input: the server answers what is in flight and exits; its exit code."""
        self.process.stdin.close()
        return self.process.wait()
