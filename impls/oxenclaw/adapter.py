#!/usr/bin/env python3
"""impls/oxenclaw/adapter.py -- andreason21/oxenClaw's orphan tool-pair
repair (oxenclaw/pi/compaction.py @ 5844c432, `_sanitize_tool_pairs`) as a
column of the conformance matrix.

  IMPLS_SRC=DIR impls/oxenclaw/adapter.py --serve      (needs pydantic >= 2)

oxenClaw keeps transcripts in its own pydantic message model
(oxenclaw/pi/messages.py @ 5844c432, Anthropic-style blocks): an assistant
message holds TextContent and ToolUseBlock(id, name, input: dict) blocks,
and tool results are ToolResultMessage(results=[ToolResultBlock(tool_use_id,
content)]).  Its _sanitize_tool_pairs works on that list in place: results
whose tool_use_id no surviving call has are removed, and a ToolResultMessage
with a stub result is inserted after the assistant message of unanswered
calls.  It never removes a call, so it is put to the stub cases; policy
strip is a skip.

Conversion (data model only):
  system  -> SystemMessage(content)        user -> UserMessage(content)
  assistant -> AssistantMessage(content=[TextContent(text)] if the text is
               non-empty, then ToolUseBlock(id, function.name,
               json.loads(function.arguments)) per call)
  tool    -> ToolResultMessage(results=[ToolResultBlock(tool_call_id, content)])
A message the model cannot hold (a call without a string `id`, arguments
that are not a JSON object, a result without a string tool_call_id or text
content, a part the model has no block for) makes the case a skip: the
implementation cannot be asked it.  Members the model has no field for
(`name`, `reasoning`, ...) ride along: a message the function keeps is
written back as the input dict it was made from (the function changes no
message it keeps: a removed result is a removed message here, one result
per message), and a stub it inserts as
{"role": "tool", "tool_call_id": id, "content": text}.

Stubs for unrelated imports (the adapter's own):
  oxenclaw.pi.session, oxenclaw.pi.tokens   loud (session storage, token
                                            estimates: compaction planning)
  oxenclaw.plugin_sdk.runtime_env           get_logger returns a logger that
                                            does nothing (module-level logger)
The packages oxenclaw and oxenclaw.pi are empty package modules.
"""
import json
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import adapter_common as ac  # noqa: E402


def load(src):
    ac.stub_modules(["oxenclaw.pi.session", "oxenclaw.pi.tokens"])
    ac.empty_packages("oxenclaw", "oxenclaw.pi", "oxenclaw.plugin_sdk")
    env = types.ModuleType("oxenclaw.plugin_sdk.runtime_env")
    env.get_logger = lambda *a, **k: ac.QuietLogger()
    sys.modules["oxenclaw.plugin_sdk.runtime_env"] = env
    ns = types.SimpleNamespace()
    ns.messages = ac.import_file(os.path.join(src, "oxenclaw/pi/messages.py"), "oxenclaw.pi.messages")
    ns.compaction = ac.import_file(os.path.join(src, "oxenclaw/pi/compaction.py"), "oxenclaw.pi.compaction")
    return ns


def _cannot(why):
    raise ac.Unsupported("not expressible in oxenClaw's message model: %s" % why)


def to_model(M, d):
    if not isinstance(d, dict):
        _cannot("a message that is not an object")
    role = d.get("role")
    try:
        if role == "system":
            return M.SystemMessage(content=d.get("content"))
        if role == "user":
            return M.UserMessage(content=d.get("content"))
        if role == "assistant":
            blocks = []
            text = d.get("content")
            if isinstance(text, str) and text:
                blocks.append(M.TextContent(text=text))
            elif text not in (None, ""):
                _cannot("assistant content that is not a string")
            calls = d.get("tool_calls") or []
            if not isinstance(calls, list):
                _cannot("tool_calls that is not an array")
            for tc in calls:
                fn = tc.get("function") if isinstance(tc, dict) else None
                if not isinstance(fn, dict) or not isinstance(tc.get("id"), str):
                    _cannot("a tool call without a string id and a function object")
                try:
                    args = json.loads(fn.get("arguments") or "{}")
                except (TypeError, ValueError):
                    _cannot("tool-call arguments that are not JSON")
                if not isinstance(args, dict):
                    _cannot("tool-call arguments that are not a JSON object")
                blocks.append(M.ToolUseBlock(id=tc["id"], name=fn.get("name"), input=args))
            return M.AssistantMessage(content=blocks)
        if role == "tool":
            return M.ToolResultMessage(results=[M.ToolResultBlock(tool_use_id=d.get("tool_call_id"),
                                                                  content=d.get("content"))])
    except ac.Unsupported:
        raise
    except Exception as e:  # pydantic's ValidationError: the model refuses the value
        _cannot(" / ".join(line.strip() for line in str(e).splitlines()[:3]))
    _cannot("role %r" % (role,))


def repair(ns, params, value):
    ac.only_policy(params, "stub", "oxenClaw's _sanitize_tool_pairs never removes an unanswered call, it "
                                   "inserts a stub result")
    dicts = ac.messages_of(value)
    M = ns.messages
    objs = [to_model(M, d) for d in dicts]
    origin = {id(o): d for o, d in zip(objs, dicts)}
    ns.compaction._sanitize_tool_pairs(objs)
    out = []
    for m in objs:
        if id(m) in origin:
            out.append(origin[id(m)])
        elif isinstance(m, M.ToolResultMessage):
            out.extend({"role": "tool", "tool_call_id": r.tool_use_id, "content": r.content}
                       for r in m.results)
        else:
            raise RuntimeError("oxenClaw's _sanitize_tool_pairs returned a message it was not given "
                               "and the adapter cannot convert: %r" % (m,))
    return ac.with_messages(value, out)


if __name__ == "__main__":
    sys.exit(ac.main("oxenclaw", {"repair": repair}, load))
