#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A small push agent for Town Hall (seed 002's protocol).

Town Hall calls it with JSON-RPC 2.0 over HTTP POST at each moment of the
match: initialize, werewolf_action, seer_action, witch_action, hunter_action,
discuss, vote, defend and game_over. It plays simply and always legally,
with nothing but Python's standard library.

    python3 examples/push_agent.py --port 9000 --token s3cret

See docs/push-agents.md for the seats file entry.
"""

import argparse
import json
import random
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Agent:
    """What one seat remembers between calls."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.me = None
        self.role = None
        self.teammates = set()
        self.wolves_found = set()  # the seer's own results

    def others(self, players, skip_wolves=False):
        out = []
        for p in players or []:
            pid = p.get("player_id")
            if pid == self.me:
                continue
            if skip_wolves and (p.get("role") == "werewolf" or pid in self.teammates):
                continue
            out.append(pid)
        return out

    def pick(self, ids):
        return self.rng.choice(ids) if ids else None

    # The nine functions of seed 002 §4.

    def initialize(self, p):
        self.me = p.get("player_id")
        self.role = p.get("role")
        self.teammates = set(p.get("teammates", []))
        return {"status": "success", "message": "ready"}

    def werewolf_action(self, p):
        target = self.pick(self.others(p.get("alive_players"), skip_wolves=True))
        if target is None:
            return {"action": "abstain", "target_id": None}
        return {"action": "kill", "target_id": target, "reasoning": "a random villager", "confidence": 0.5}

    def seer_action(self, p):
        checked = {c.get("target_id") for c in p.get("previous_checks", [])}
        for c in p.get("previous_checks", []):
            if c.get("role") == "werewolf":
                self.wolves_found.add(c.get("target_id"))
        fresh = [i for i in self.others(p.get("alive_players")) if i not in checked]
        target = self.pick(fresh or self.others(p.get("alive_players")))
        return {"action": "check", "target_id": target, "reasoning": "not checked yet"}

    def witch_action(self, p):
        killed = p.get("killed_player_id")
        if killed is not None and p.get("antidote_available") and killed != self.me:
            return {"action": "save", "target_id": killed, "reasoning": "save the victim"}
        return {"action": "abstain", "target_id": None, "reasoning": "keep the potions"}

    def hunter_action(self, p):
        target = self.pick(self.others(p.get("alive_players"), skip_wolves=self.role == "werewolf"))
        if target is None:
            return {"action": "abstain", "target_id": None}
        return {"action": "shoot", "target_id": target, "reasoning": "a guess"}

    def discuss(self, p):
        alive = self.others(p.get("game_state", {}).get("alive_players"))
        suspects = [i for i in alive if i in self.wolves_found] or alive
        target = self.pick(suspects)
        if target is None:
            return {"speech": "", "emotion": "neutral"}
        return {"speech": "I find seat %d suspicious." % target, "emotion": "suspicious",
                "target_players": [target], "is_accusation": True}

    def vote(self, p):
        candidates = [c for c in p.get("candidates", []) if c != self.me]
        if not candidates:
            candidates = self.others(p.get("alive_players"))
        wolves = [c for c in candidates if c in self.wolves_found]
        if self.role == "werewolf":
            candidates = [c for c in candidates if c not in self.teammates] or candidates
        return {"vote_target": self.pick(wolves or candidates), "reasoning": "my best guess", "confidence": 0.5}

    def defend(self, p):
        accusers = [a.get("accuser_id") for a in p.get("accusations", [])]
        return {"defense": "I am on the village's side; look elsewhere.",
                "counter_arguments": [{"against_player": a, "point": "no evidence"} for a in accusers],
                "emotional_tone": "calm"}

    def game_over(self, p):
        return {"status": "acknowledged", "reflection": "good game", "rating": 3}


METHODS = {"initialize", "werewolf_action", "seer_action", "witch_action", "hunter_action",
           "discuss", "vote", "defend", "game_over"}


def make_handler(token, agents, seed):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet: the token must not reach a log either
            pass

        def reply(self, status, body):
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self):
            if token and self.headers.get("Authorization", "") != "Bearer " + token:
                self.reply(401, {"jsonrpc": "2.0", "id": None,
                                 "error": {"code": 1004, "message": "unauthorized"}})
                return
            try:
                length = int(self.headers.get("Content-Length", "0"))
                request = json.loads(self.rfile.read(length).decode("utf-8"))
                rid, method, params = request["id"], request["method"], request.get("params", {})
            except (ValueError, KeyError, TypeError):
                self.reply(200, {"jsonrpc": "2.0", "id": None,
                                 "error": {"code": 1004, "message": "bad data format", "suggested_action": "abstain"}})
                return
            if method not in METHODS:
                self.reply(200, {"jsonrpc": "2.0", "id": rid,
                                 "error": {"code": 1002, "message": "unknown method", "suggested_action": "default"}})
                return
            # One agent per URL path and seat, so one process can play several
            # seats, on one path or on several: initialize names the seat, and
            # every later call says it in game_state (final_state at the end).
            state = params.get("game_state") or params.get("final_state") or {}
            me = params.get("player_id") if method == "initialize" else state.get("player_id")
            key = (self.path, me)
            agent = agents.setdefault(key, Agent(seed + len(agents)))
            try:
                result = getattr(agent, method)(params)
            except Exception as e:  # noqa: BLE001 - an agent bug becomes seed 002's 1003
                self.reply(200, {"jsonrpc": "2.0", "id": rid,
                                 "error": {"code": 1003, "message": str(e), "suggested_action": "random"}})
                return
            self.reply(200, {"jsonrpc": "2.0", "id": rid, "result": result})

    return Handler


def main():
    parser = argparse.ArgumentParser(description="A reference push agent for Town Hall (seed 002).")
    parser.add_argument("--port", type=int, default=9000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--token", default="", help="the bearer token Town Hall must send (optional)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(args.token, {}, args.seed))
    print("push agent listening on http://%s:%d/" % (args.host, args.port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
