"""The `openai` judge: any OpenAI-compatible chat-completions endpoint, structured output, bounded
retries, a shared limiter, redaction and injection neutralisation. See judge.py for the flow."""

from grading.openai_judge.config import OpenAIJudgeConfig, Price, RequestUsage
from grading.openai_judge.judge import OpenAIJudge
from grading.openai_judge.limiter import RequestLimiter
from grading.openai_judge.prompt import PROMPT_SHA256, PROMPT_VERSION

__all__ = [
    "PROMPT_SHA256",
    "PROMPT_VERSION",
    "OpenAIJudge",
    "OpenAIJudgeConfig",
    "Price",
    "RequestLimiter",
    "RequestUsage",
]
