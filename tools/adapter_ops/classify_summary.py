"""classify-summary: ContextCompressor.classify_summary_content(content)
(spec PREFIX-4).  The input is a message's content value of any JSON type;
the output is "standalone", "merged" or null.  hermes accepts every value
(lists through _content_text_for_contains, other values through str()),
so nothing is rejected."""


def run(h, params, value):
    return h.cc.ContextCompressor.classify_summary_content(value)
