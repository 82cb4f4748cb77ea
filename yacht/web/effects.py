"""A move's effects on the page: the tumble and the flash, the coach's verdict, what is said.

Whoever made the move — a person or a computer — its effects (from the session reducer,
:func:`yacht.session.session.step`) are shown the same way. Sounds and the history follow the
same effects in :class:`yacht.web.extras.Extras`.
"""

from __future__ import annotations

from typing import Protocol

from yacht.i18n import Translator, join_sentences
from yacht.session.session import Graded, Rolled, Scored, Step, Undone, Ungraded
from yacht.views.board import BoardView, roll_announcement, score_announcement
from yacht.views.turns import celebration, computer_move
from yacht.web.advisor import Advisor
from yacht.web.moments import Moments
from yacht.web.notices import Notices
from yacht.web.page import after_paint
from yacht.web.render import Renderer


class Board(Protocol):
    """What showing effects needs of the App."""

    @property
    def tr(self) -> Translator:
        """The page's translator."""

    advisor: Advisor
    notices: Notices

    def view(self) -> BoardView:
        """The board's view of the session as it now stands."""

    def open_game_over(self) -> str | None:
        """Show the game-over dialog; returns what to announce of it ("" for nothing, None
        when the game is no longer over and nothing opened)."""


class EffectsShown:
    """Shows each effect of a move that was made and saved."""

    def __init__(self, board: Board, renderer: Renderer) -> None:
        self._board = board
        self._renderer = renderer
        self._moments = Moments()
        self._told: Step | None = None
        """The computer's move on the move line (None: the line is empty)."""

    def new_game(self) -> None:
        """A game starts: the last game's coach line and computer move are done."""
        self._board.advisor.quiet()
        self._moments.tell("")
        self._told = None

    def retranslate(self) -> None:
        """Write what the page shows of the moves again in the page's new language: the
        computer's move on the move line, the coach's line and the hint."""
        if self._told is not None:
            self._moments.tell(self._computer_move(self._told))
        self._board.advisor.retranslate(self._board.tr)

    def show(self, moved: Step) -> None:
        """Animate, announce and grade what ``moved`` did, in order."""
        board, tr = self._board, self._board.tr
        before, after = moved.before.game, moved.session.game
        board.advisor.turn_of(before.current)
        # A computer's move is told on screen; a person's own move clears that line.
        told = self._computer_move(moved)
        self._moments.tell(told)
        self._told = moved if told else None
        for effect in moved.effects:
            match effect:
                case Ungraded(reason):
                    board.notices.advice_unavailable(reason)
                case Graded(entry):
                    board.notices.announce(board.advisor.say(entry, before, tr))
                case Rolled(positions):
                    self._renderer.roll_animation(list(positions))
                    board.notices.announce(roll_announcement(after, tr))
                case Scored(game_over=game_over):
                    self._renderer.flash_latest()
                    moment = celebration(effect, after, tr)
                    if moment:
                        self._moments.celebrate(moment)
                    status = board.view().status
                    said = join_sentences(moment, score_announcement(after, tr), status)
                    if game_over:
                        self._end_game_after_paint(said)
                    else:
                        board.notices.announce(said)
                case Undone():
                    status = board.view().status
                    board.notices.announce(join_sentences(tr.gettext("Score taken back."), status))

    def _computer_move(self, moved: Step) -> str:
        """What a computer did in ``moved``, in the page's language ("" for a person's move)."""
        before, after, tr = moved.before.game, moved.session.game, self._board.tr
        told = (computer_move(effect, before, after, tr) for effect in reversed(moved.effects))
        return next((text for text in told if text), "")

    def _end_game_after_paint(self, said: str) -> None:
        """Once the final score is on screen, open the game-over dialog and say ``said`` with
        what the dialog finds worth saying.

        Filling and opening the dialog is the longest piece of drawing a click can ask for
        (about 13 ms here): put off a frame, the click that ends a game is drawn as fast as
        any other score.
        """

        def end(_: object) -> None:
            record = self._board.open_game_over()
            if record is not None:  # else taken back already, and told so
                self._board.notices.announce(join_sentences(said, record))

        after_paint(self._board.notices.guarded(end))
