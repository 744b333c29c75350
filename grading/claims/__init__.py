"""Specific claims in speech: spoken numbers to digits (`numbers`) and typed claims (`extract`)."""

from grading.claims.extract import Claim, extract

__all__ = ["Claim", "extract"]
