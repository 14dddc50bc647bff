"""Words on the ground floor: the message catalogue every learner-facing text is rendered from."""

from .catalogue import LANGUAGES, MessageError, languages_from, text
from .message import ERROR, INFO, OK, Message

__all__ = ["ERROR", "INFO", "LANGUAGES", "OK", "Message", "MessageError", "languages_from", "text"]
