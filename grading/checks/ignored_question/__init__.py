"""ignored_question: a caller question that the agent's next reply does not address.

A question is a clause that opens like one ("what", "how much", "do you", "can I", after fillers),
so statements that happen to end in "?" ("I think I smell gas?") are not questions; a request for
a person, or for help to be fetched ("can you call someone?"), is missed_handoff's business, however
it is asked. Each question in a turn is checked on its own ("how much is a cleaning, and are you
open Saturday?").

What counts as addressed depends on what was asked, because recognising an answer in free speech
is only reliable when the question has a type:
- a typed question (an amount, a time or day, a place, a number, a duration) is addressed when
  the reply (every agent turn up to the next caller turn) holds that kind of answer, shares a
  meaningful word with the question, refuses, asks to clarify or hands off;
- any question, typed or not, counts as ignored when the caller has to ask it again ("okay, but
  the loaner?", "what about the fee?", "you didn't answer my question") and the reply in between
  shared nothing specific with it; in a turn of two questions, also when the caller comes back turns
  later with the question's own words alone ("And the warranty thing?") and the reply right after
  it held none of them (it took up the other question).
An untyped question that the caller lets go is not flagged: a reply to "is that bad?" cannot be
judged by words alone, and a false alarm costs more than a missed blemish. A reply that only signs
off or apologises ("Sorry about that. Have a good one.") answers nothing, so against it any caller
sentence marked with "?" is a question ("So there's nothing you can do?"), and its closing words
("anything else?") are never words it shares with the question. The failure is pinned
to the agent's reply that skipped the question, quoting its first sentence.

A refusal answers what it refuses: the one thing the turn asked, or the question it shares words
with; "I can't place orders by phone" leaves "are you open Saturday?" in the same turn unanswered.
A question that points back ("I want my prescriptions moved here, how does that work?") is about
what it points to, and a reply on another topic is caught when the caller corrects it ("right,
no, ..."). A bare follow-up question counts as asking again only about what the reply left out
("what area is it in?" "the west." "and the postcode and area?" asks for more). Without a question
mark a clause is a question only when it opens unmistakably like one ("any day next week." is not).

Answers that carry no keyword still answer: a bare amount a price question ("one twenty-nine
fifty"), a yes or no that names what was asked ("sure, we do Saturdays"), a date a "how long". A
question for a source ("is there someone who'd know?") is ignored by a reply that names no person,
no way to reach one and nothing the question said ("we're open till five"). Words are compared
with spoken numbers as digits and without the 's ("delivery's" meets "delivery").

Where each part lives: `check` (the check), `questions` (a caller turn's questions and their
types), `phrasings` (what a question asks for and what a reply does, in words), `terms` (the words
questions and replies are compared by), `answers` (readings of a reply against one question).
"""

from __future__ import annotations

from grading.checks.ignored_question.check import check
from grading.checks.ignored_question.phrasings import REQUEST
from grading.checks.ignored_question.questions import questions

__all__ = ["REQUEST", "check", "questions"]
