"""How common a word is in phone-call turns: a gate's choice of words prefers the rarer ones."""

from __future__ import annotations

from typing import Final


def commonness(word: str) -> tuple[int, int, str]:
    """Lower is rarer: how common the word is in phone-call turns (0 when not among the most
    common), then longer first, then the word, so the choice is deterministic."""
    return _COMMONNESS.get(word, 0), -len(word), word


_COMMON_WORDS: Final = (
    "i the you a and s is to it for can okay that at one we hi m on in five my do two re this so "
    "nine what thanks have like oh with how ll t your four twenty three eight or there ten "
    "thirty no just of are me help if speaking about call saturday up now six hundred fifty "
    "sorry forty need get got seven be sure good um yes friday don an our great yeah open see "
    "book back thursday much right come bye uh d ninety booked out dollars not from let she by "
    "zero he ve then want but monday thank take tuesday name all time anything morning first her "
    "number would eighty free fine before day today month hey car hours please fifteen off "
    "sunday twelve tomorrow guys sixty november check here eleven welcome someone through know "
    "seventy they week when fee perfect p put wednesday next talk sam care thing does will cool "
    "think dana percent any him over days calling deposit us manager tell done office night new "
    "go really else theo set full could said give should look address room sounds minutes half "
    "under after work card person last has dollar his nora jess as line hour till priya visit "
    "little months only nice wait hold afternoon pay charge usually bring say street something "
    "down move make third promise yep okafor those too them maple people year kids lesson "
    "service same front per every problem still dog never noon insurance hmm start honestly "
    "though works road since between eighteen pickup grove plus tonight way ugh actually ridge "
    "date rental fiber fifth parking late order moving maya unit comes soon home ha notice stay "
    "fourteen run return weeks lindqvist house price best dental closed course question "
    "instructions around eighth some w lessons december june phone miles o cost until send rapid "
    "gonna gets cancel storage file comfort barn fourth within self kind wanna again had maybe "
    "rooter c more son own minute harbor past guess system well bright smile sundays ninth been "
    "appointment tom worry heating text god once trattoria lucia vet pounds tax confirmation mia "
    "long consultation wants package larkspur cake oakhaven standard plan who tenth leo happy "
    "use family driving haulwell twelfth cut marisol kestrel bucks clock forget huh dr weekdays "
    "lot tune technician going old music urgent getting kinetic pest sunway acorns brassbolt "
    "auto nineteen says thousand exam "
).split()
"""The 400 words found in the most turns of the development sets' transcripts (lower-cased), most
common first: a gate on "you" lets most texts through, so each alternative is represented by its
least common word. Only speed depends on this table."""
_COMMONNESS: Final = {word: len(_COMMON_WORDS) - rank for rank, word in enumerate(_COMMON_WORDS)}
