"""accuracy: the agent's specific claims held against the fact sheet (wrong_fact, invented_fact).

For every agent sentence that states something (not a question, not hedged), each typed claim
(grading.claims) is checked in this order:
1. supported by the call itself: it repeats a value the caller said earlier (an echo, unless the
   agent affirms the caller's question "is it $90?" -> "yes, $90", which is a claim), or a value a
   tool returned or was successfully called with in this or an earlier turn (the agent's real
   capabilities are not hallucinations); a number the caller gave, read back in another shape
   (an address heard as a time), is an echo too;
2. amounts, percentages, durations and counts are judged first by what their own clause names
   ("a flat $60 travel fee", "the $150 deposit"): among the facts about that, any equal value or
   a range that holds it supports the claim (unless the fact prices by day and the day under
   discussion has another price), else the fact most about it is contradicted. A clause that
   names things no such fact is about cannot contradict one: an amount there is invented (unless
   the sheet has that value anywhere), a percentage or duration there is not a business claim.
   A clause that names nothing falls through to the sentence-level rules below;
3. supported by the fact sheet: a fact holds the same value. For values that identify themselves
   (phone, postcode, clock time, street, percent, date) any fact will do; for the rest (amounts,
   price levels, "free", quantities) the matching fact must be at least as related to the sentence
   as any fact that disagrees;
4. otherwise, contradicted: the fact of the same kind most related to the sentence (shared content
   words of the sentence and of the caller's turn before it, the fact's id words included) gives
   a wrong_fact with that fact as `ref`: critical when the fact's topic is price, hours or
   availability, else major. An amount is contradicted only by a price fact about what it prices:
   its unit ("a person", "per child") names nothing it prices, and an amount for a thing no price
   fact is about once the unit is set aside is invented;
5. otherwise invented_fact: nothing in the sheet speaks to it. Critical for price, discount,
   hours and availability claims (amounts, percentages, times, open days, price levels), major
   for the rest.
Open days are their own claim: "we're open Sunday" against the sheet's open and closed days (a
closure for part of a day, "closed for lunch 1 to 1:30", closes no day). Offering what a fact
says the business does not have ("there is no airport shuttle") is a wrong_fact. No comparison
can raise: a value of another shape simply differs.
One failure per tag per turn (the most severe); the quote is the sentence as spoken.

Where each part lives: `turns` (the check, turn by turn), `statements` (what a sentence states),
`judge` (one claim, kind by kind), `values` (comparing values, echoes), `relatedness` (which fact a
sentence is about), `clauses`, `subjects` (values judged by what their clause names), `hours`,
`days`, `places`, `offers`, `free`, `percentages`, `prices`, `arithmetic` (worked-out amounts),
`counts`, `someone_elses` (values that are not the business's), `tools`, `verdict`.
"""

from __future__ import annotations

from grading.checks.accuracy.turns import check

__all__ = ["check"]
