"""The hermetic e2e harness: static server, CDN mirror, browser choice and problem watch."""

from .boot import BOOT_TIMEOUT_MS, goto_booted, python_failures, reload_booted, wait_booted
from .browser import CHROMIUM_FLAGS, choose_chromium, chromium_launch_options
from .cdn import CdnMirror, MirrorAnswer
from .crashes import CrashRerun
from .hangs import HangReport
from .server import StaticServer
from .watch import Watch, is_local, report, unexpected

__all__ = [
    "BOOT_TIMEOUT_MS",
    "CHROMIUM_FLAGS",
    "CdnMirror",
    "CrashRerun",
    "HangReport",
    "MirrorAnswer",
    "StaticServer",
    "Watch",
    "choose_chromium",
    "chromium_launch_options",
    "goto_booted",
    "is_local",
    "python_failures",
    "reload_booted",
    "report",
    "unexpected",
    "wait_booted",
]
