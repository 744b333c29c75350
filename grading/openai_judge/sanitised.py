"""Text as the judge sees it (injections neutralised, caller data redacted) beside the text the call
really said, with the map between the two.

The judge quotes the text it was sent; a grade's evidence must be what the call said. `original_quote`
maps a quote back: found in the sent text, its span is translated segment by segment (a quote that
touches a placeholder gets the original value back); not found (the judge paraphrased a little), each
placeholder it contains is swapped for its original and the engine's tolerant evidence check decides.
"""

from __future__ import annotations

import msgspec


class Substitution(msgspec.Struct, frozen=True, kw_only=True):
    """Replace original[start:end] with `replacement` in the text we send."""

    start: int
    end: int
    replacement: str
    kind: str


class SanitisedText(msgspec.Struct, frozen=True, kw_only=True):
    """`segments` pairs each piece of the sent text with the original piece it stands for; literal
    pieces are equal on both sides."""

    original: str
    segments: list[tuple[str, str]]

    @property
    def text(self) -> str:
        return "".join(sent for sent, _ in self.segments)

    def original_quote(self, quote: str) -> str:
        sent_text = self.text
        if sent_text == self.original or not quote:
            return quote
        start = sent_text.find(quote)
        if start < 0:
            start = sent_text.lower().find(quote.lower())
        if start < 0:
            return self._swap_placeholders(quote)
        end = start + len(quote)
        pieces: list[str] = []
        position = 0
        for sent, original in self.segments:
            piece_start, piece_end = position, position + len(sent)
            position = piece_end
            if piece_end <= start or piece_start >= end:
                continue
            if sent == original:
                pieces.append(
                    original[max(start, piece_start) - piece_start : min(end, piece_end) - piece_start]
                )
            else:
                pieces.append(original)
        return "".join(pieces)

    def _swap_placeholders(self, quote: str) -> str:
        for sent, original in self.segments:
            if sent != original and sent in quote:
                quote = quote.replace(sent, original)
        return quote


def apply_substitutions(original: str, substitutions: list[Substitution]) -> SanitisedText:
    """Build the sent text. On overlap an injection wins over a redaction (a removed sentence swallows
    the data inside it), then the earlier and longer substitution wins."""
    chosen: list[Substitution] = []
    ordered = sorted(substitutions, key=lambda s: (s.kind != "injection", s.start, s.start - s.end))
    for substitution in ordered:
        if any(substitution.start < kept.end and kept.start < substitution.end for kept in chosen):
            continue
        chosen.append(substitution)
    chosen.sort(key=lambda s: s.start)
    segments: list[tuple[str, str]] = []
    position = 0
    for substitution in chosen:
        if substitution.start > position:
            literal = original[position : substitution.start]
            segments.append((literal, literal))
        segments.append((substitution.replacement, original[substitution.start : substitution.end]))
        position = substitution.end
    if position < len(original):
        literal = original[position:]
        segments.append((literal, literal))
    return SanitisedText(original=original, segments=segments)
