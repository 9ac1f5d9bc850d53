/* words.h -- the object keys the library looks up, and the role names,
 * as small numbers.
 *
 * The scan (json_validate.c) tags every object key it reads, while the
 * key's bytes are in cache, with the number of its word: the word of this
 * list it spells byte for byte, HCC_W_ESCAPED when it has a backslash
 * (its decoded value may be anything), HCC_W_OTHER otherwise; the value
 * of a "role" key is tagged the same way.  The look-ups
 * (hcc__json_members, the transcript's roles) then compare numbers, and
 * touch a key's bytes only when the key they want is off the list or the
 * key is escaped: on a large transcript a later pass over the messages is
 * otherwise a cache miss per key (the text between two keys is content
 * that pass does not read).
 *
 * The list holds every key a look-up in ref/src names on a hot path, and
 * the four role names; adding a word changes speed only, never an
 * answer. */
#ifndef HCC_WORDS_H
#define HCC_WORDS_H
#include <stddef.h>
#include <string.h>

typedef enum hcc_word {
  HCC_W_OTHER = 0, /* a word off the list */
  HCC_W_ROLE = 1, /* "role" */
  HCC_W_CONTENT = 2, /* "content" */
  HCC_W_TOOL_CALLS = 3, /* "tool_calls" */
  HCC_W_TOOL_CALL_ID = 4, /* "tool_call_id" */
  HCC_W_ID = 5, /* "id" */
  HCC_W_CALL_ID = 6, /* "call_id" */
  HCC_W_FUNCTION = 7, /* "function" */
  HCC_W_NAME = 8, /* "name" */
  HCC_W_ARGUMENTS = 9, /* "arguments" */
  HCC_W_TYPE = 10, /* "type" */
  HCC_W_TEXT = 11, /* "text" */
  HCC_W_MESSAGES = 12, /* "messages" */
  HCC_W_COMPRESSED_SUMMARY = 13, /* "_compressed_summary" */
  HCC_W_COMPRESSED_SUMMARY_HAS_USER_TURN = 14, /* "_compressed_summary_has_user_turn" */
  HCC_W_REASONING = 15, /* "reasoning" */
  HCC_W_REASONING_CONTENT = 16, /* "reasoning_content" */
  HCC_W_REASONING_DETAILS = 17, /* "reasoning_details" */
  HCC_W_CODEX_REASONING_ITEMS = 18, /* "codex_reasoning_items" */
  HCC_W_CODEX_MESSAGE_ITEMS = 19, /* "codex_message_items" */
  HCC_W_URL = 20, /* "url" */
  HCC_W_IMAGE_URL = 21, /* "image_url" */
  HCC_W_FROM = 22, /* "from" */
  HCC_W_VALUE = 23, /* "value" */
  HCC_W_CONVERSATIONS = 24, /* "conversations" */
  HCC_W_THINKING_BLOCKS = 25, /* "thinking_blocks" */
  HCC_W_MULTIMODAL = 26, /* "_multimodal" */
  HCC_W_TEXT_SUMMARY = 27, /* "text_summary" */
  HCC_W_ORIGINAL = 28, /* "original" */
  HCC_W_HREF = 29, /* "href" */
  HCC_W_REFUSAL = 30, /* "refusal" */
  HCC_W_AUDIO = 31, /* "audio" */
  HCC_W_FUNCTION_CALL = 32, /* "function_call" */
  HCC_W_SYSTEM = 33, /* "system" */
  HCC_W_USER = 34, /* "user" */
  HCC_W_ASSISTANT = 35, /* "assistant" */
  HCC_W_TOOL = 36, /* "tool" */
  HCC_W__COUNT,
  HCC_W_ESCAPED = 255 /* a string with a backslash: compare it decoded */
} hcc_word;

/* The list's spellings, by number (index 0 is NULL). */
extern const char *const hcc__word_names[HCC_W__COUNT];

/* The number of the word spelt s[0..n) (no escapes in it), or
 * HCC_W_OTHER.  Inline: the scan calls it for every key, with compares at
 * constant lengths. */
static inline int hcc__word_id(const char *s, size_t n) {
  switch (n) {
  case 2:
    if (memcmp(s, "id", 2) == 0) return HCC_W_ID;
    break;
  case 3:
    if (memcmp(s, "url", 3) == 0) return HCC_W_URL;
    break;
  case 4:
    if (memcmp(s, "role", 4) == 0) return HCC_W_ROLE;
    if (memcmp(s, "name", 4) == 0) return HCC_W_NAME;
    if (memcmp(s, "type", 4) == 0) return HCC_W_TYPE;
    if (memcmp(s, "text", 4) == 0) return HCC_W_TEXT;
    if (memcmp(s, "from", 4) == 0) return HCC_W_FROM;
    if (memcmp(s, "href", 4) == 0) return HCC_W_HREF;
    if (memcmp(s, "user", 4) == 0) return HCC_W_USER;
    if (memcmp(s, "tool", 4) == 0) return HCC_W_TOOL;
    break;
  case 5:
    if (memcmp(s, "value", 5) == 0) return HCC_W_VALUE;
    if (memcmp(s, "audio", 5) == 0) return HCC_W_AUDIO;
    break;
  case 6:
    if (memcmp(s, "system", 6) == 0) return HCC_W_SYSTEM;
    break;
  case 7:
    if (memcmp(s, "content", 7) == 0) return HCC_W_CONTENT;
    if (memcmp(s, "call_id", 7) == 0) return HCC_W_CALL_ID;
    if (memcmp(s, "refusal", 7) == 0) return HCC_W_REFUSAL;
    break;
  case 8:
    if (memcmp(s, "function", 8) == 0) return HCC_W_FUNCTION;
    if (memcmp(s, "messages", 8) == 0) return HCC_W_MESSAGES;
    if (memcmp(s, "original", 8) == 0) return HCC_W_ORIGINAL;
    break;
  case 9:
    if (memcmp(s, "arguments", 9) == 0) return HCC_W_ARGUMENTS;
    if (memcmp(s, "reasoning", 9) == 0) return HCC_W_REASONING;
    if (memcmp(s, "image_url", 9) == 0) return HCC_W_IMAGE_URL;
    if (memcmp(s, "assistant", 9) == 0) return HCC_W_ASSISTANT;
    break;
  case 10:
    if (memcmp(s, "tool_calls", 10) == 0) return HCC_W_TOOL_CALLS;
    break;
  case 11:
    if (memcmp(s, "_multimodal", 11) == 0) return HCC_W_MULTIMODAL;
    break;
  case 12:
    if (memcmp(s, "tool_call_id", 12) == 0) return HCC_W_TOOL_CALL_ID;
    if (memcmp(s, "text_summary", 12) == 0) return HCC_W_TEXT_SUMMARY;
    break;
  case 13:
    if (memcmp(s, "conversations", 13) == 0) return HCC_W_CONVERSATIONS;
    if (memcmp(s, "function_call", 13) == 0) return HCC_W_FUNCTION_CALL;
    break;
  case 15:
    if (memcmp(s, "thinking_blocks", 15) == 0) return HCC_W_THINKING_BLOCKS;
    break;
  case 17:
    if (memcmp(s, "reasoning_content", 17) == 0) return HCC_W_REASONING_CONTENT;
    if (memcmp(s, "reasoning_details", 17) == 0) return HCC_W_REASONING_DETAILS;
    break;
  case 19:
    if (memcmp(s, "_compressed_summary", 19) == 0) return HCC_W_COMPRESSED_SUMMARY;
    if (memcmp(s, "codex_message_items", 19) == 0) return HCC_W_CODEX_MESSAGE_ITEMS;
    break;
  case 21:
    if (memcmp(s, "codex_reasoning_items", 21) == 0) return HCC_W_CODEX_REASONING_ITEMS;
    break;
  case 33:
    if (memcmp(s, "_compressed_summary_has_user_turn", 33) == 0) return HCC_W_COMPRESSED_SUMMARY_HAS_USER_TURN;
    break;
  }
  return HCC_W_OTHER;
}
#endif
