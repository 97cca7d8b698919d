// BabyAI's mission as numbers: info["mission_id"] for a BabyAI level.
//
// A BabyAI mission is generated from a grammar (minigrid 3.2.0's
// babyai/core/verifier.py surfaces): clauses "go to D", "open D", "pick up D",
// "put D next to D", joined by " and ", ", then " and " after you ". The
// seq levels (BossLevel, ...) can state about 2.5e19 distinct missions,
// more than an int64 can index, so the id is built from the mission's parts:
//   mission_id = [form, clause_0, clause_1, clause_2, clause_3]   (int32)
// `form` indexes kForms (how clauses are joined); clause_k indexes the clause
// enumeration below, in the order the clauses appear in the text; slots the
// form does not use hold -1. Every part is an index into a fixed list, so the
// id spells out the exact mission string (ComposeMission is the one place
// the text is written, for the observation and for decoding alike), and the
// same mission always gets the same id.
//
// Description D (350): ((article * 5 + loc) * 7 + colour) * 5 + type, with
//   article 0 "the" / 1 "a" (minigrid: "a" when several objects match),
//   loc 0 none / 1 left / 2 right / 3 front / 4 behind,
//   colour 0 any / 1 + minigrid's COLOR_TO_IDX,
//   type 0 any ("object") / 1 key / 2 ball / 3 box / 4 door.
// Clause (123550): go to D = D; open D = 350 + D; pick up D = 700 + D;
//   put D1 next to D2 = 1050 + D1 * 350 + D2.
#pragma once

#include <cstdint>

#include "grid.h"

namespace rlpool::minigrid {

constexpr int kDescCodes = 350;
constexpr int kClauseCodes = 3 * kDescCodes + kDescCodes * kDescCodes;
constexpr int kMissionParts = 5;

// The ways clauses join: (sequence word, is the first part an "and", is the second).
struct Form {
  int seq;  // 0 none (one clause or one "and"), 1 ", then ", 2 " after you "
  bool and_a, and_b;
};
constexpr Form kForms[] = {
    {0, false, false}, {0, true, false},  // "A", "A and B"
    {1, false, false}, {1, true, false}, {1, false, true}, {1, true, true},  // "X, then Y"
    {2, false, false}, {2, true, false}, {2, false, true}, {2, true, true},  // "X after you Y"
};
constexpr int kNumForms = sizeof(kForms) / sizeof(kForms[0]);
inline int FormClauses(int form) {
  const Form& f = kForms[form];
  return (f.seq == 0 ? 1 : 2) + f.and_a + f.and_b;
}
inline int FormOf(int seq, bool and_a, bool and_b) {
  for (int k = 0; k < kNumForms; ++k)
    if (kForms[k].seq == seq && kForms[k].and_a == and_a && kForms[k].and_b == and_b) return k;
  return -1;
}

struct MissionCode {
  int32_t part[kMissionParts] = {-1, -1, -1, -1, -1};
};

// A mission's text in a fixed buffer (composed at reset, never on the heap).
struct MissionText {
  static constexpr int kCapacity = 512;
  char text[kCapacity] = {};
  int len = 0;
  void Clear() { len = 0; }
  void Append(const char* s) {
    while (*s && len < kCapacity) text[len++] = *s++;
  }
};

constexpr uint8_t kDescTypes[5] = {0, kKey, kBall, kBox, kDoor};

// type / colour: minigrid's indices, -1 for any; loc: 0..3 (left, right,
// front, behind), -1 for none; several: more than one object matches.
inline int DescCode(int type, int color, int loc, bool several) {
  int t = 0;
  for (int k = 1; k < 5; ++k)
    if (kDescTypes[k] == type) t = k;
  return (((several ? 1 : 0) * 5 + (loc + 1)) * 7 + (color + 1)) * 5 + t;
}

// The text of a mission code, appended to `sink` (anything with
// Append(const char*)). The code must be valid (MissionCodeError says why not).
template <class Sink>
void AppendDesc(Sink& sink, int d) {
  static constexpr const char* kLocText[4] = {" on your left", " on your right", " in front of you", " behind you"};
  int t = d % 5, c = d / 5 % 7, l = d / 35 % 5, a = d / 175;
  sink.Append(a ? "a " : "the ");
  if (c > 0) {
    sink.Append(kColorText[c - 1]);
    sink.Append(" ");
  }
  sink.Append(t > 0 ? TypeText(kDescTypes[t]) : "object");
  if (l > 0) sink.Append(kLocText[l - 1]);
}

template <class Sink>
void AppendClause(Sink& sink, int c) {
  if (c < 3 * kDescCodes) {
    static constexpr const char* kVerb[3] = {"go to ", "open ", "pick up "};
    sink.Append(kVerb[c / kDescCodes]);
    AppendDesc(sink, c % kDescCodes);
    return;
  }
  c -= 3 * kDescCodes;
  sink.Append("put ");
  AppendDesc(sink, c / kDescCodes);
  sink.Append(" next to ");
  AppendDesc(sink, c % kDescCodes);
}

template <class Sink>
void ComposeMission(Sink& sink, const MissionCode& code) {
  const Form& f = kForms[code.part[0]];
  int next = 1;
  auto group = [&](bool with_and) {
    AppendClause(sink, code.part[next++]);
    if (with_and) {
      sink.Append(" and ");
      AppendClause(sink, code.part[next++]);
    }
  };
  group(f.and_a);
  if (f.seq == 0) return;
  sink.Append(f.seq == 1 ? ", then " : " after you ");
  group(f.and_b);
}

// Why `code` is not a mission code, or nullptr when it is one.
inline const char* MissionCodeError(const MissionCode& code) {
  if (code.part[0] < 0 || code.part[0] >= kNumForms) return "the form (element 0) must be in 0..9";
  int used = FormClauses(code.part[0]);
  for (int k = 1; k < kMissionParts; ++k) {
    int c = code.part[k];
    if (k <= used && (c < 0 || c >= kClauseCodes)) return "the form's clauses must be in 0..123549";
    if (k > used && c != -1) return "the slots after the form's clauses must be -1";
  }
  return nullptr;
}

}  // namespace rlpool::minigrid
