"""The dice's tumble: each thrown die drops in spinning, bounces once and lands on its face, the
five one after another.

Played through the Web Animations API, each die's two animations made once with literal
keyframes and played again at every throw. Twin CSS animations (the way the scored cell's flash
replays) made a throw's style pass resolve every die's keyframes again, each holding ``var()``s.
Timed in the page with the dice at rest (a throw's faces written and its animations started,
then style and layout): 1.6-1.9 ms as CSS animations, 0.9-1.2 ms as new Web Animations at every
throw, 0.6-0.7 ms played again; 0.4 ms for the faces alone.
"""

from __future__ import annotations

from pyscript import window

from yacht.web.page import Element

# Made once: returns tumble(die, place), which starts the die's drop and its cube's spin from
# the beginning (stopping those of its last throw, should they still play). The spin's end is
# left to the cube's own transform, the turn the style sheet gives its face (data-face, written
# just before), so the cube lands on the face thrown whatever it is. Nothing moves for a player
# who asks for reduced motion.
_TUMBLE_JS = """
const reduce = matchMedia("(prefers-reduced-motion: reduce)");
// By the die's place in the row: how far left or right of its place it drops from (% of its
// size), and the turns its cube makes on the way down (degrees about x, y and z).
const FROM_X = [-28, 16, -10, 22, -18];
const SPIN = [[540, -270, 40], [-450, 360, -25], [630, 180, 55], [-540, -450, -40], [450, 270, 30]];
const STAGGER_MS = 45;
const DROP = {duration: 520, easing: "cubic-bezier(0.25, 0.7, 0.35, 1)", fill: "backwards"};
const TURN = {duration: 520, easing: "cubic-bezier(0.2, 0.6, 0.3, 1)", fill: "backwards"};
// A die's two animations, made at its first throw and played again from the start at each
// throw after it: their keyframes are parsed once, not at every click.
const made = new Map();
const play = (effect) => new Animation(effect, document.timeline);
function animations(die, place) {
  const delay = STAGGER_MS * place;
  const [x, y, z] = SPIN[place];
  return [
    play(new KeyframeEffect(die, [
      {transform: `translate(${FROM_X[place]}%, -95%) scale(0.8)`},
      {transform: "translate(0, 5%) scale(1.03)", offset: 0.58},
      {transform: "translate(0, -9%) scale(1)", offset: 0.78},
      {transform: "none"},
    ], {...DROP, delay})),
    play(new KeyframeEffect(die.firstElementChild,
      [{transform: `rotateX(${x}deg) rotateY(${y}deg) rotateZ(${z}deg)`, offset: 0}],
      {...TURN, delay})),
  ];
}
return (die, place) => {
  let tumble = made.get(die);
  if (tumble === undefined) made.set(die, tumble = animations(die, place));
  for (const animation of tumble) {
    animation.cancel();
    if (!reduce.matches) animation.play();
  }
};
"""


def make_tumble() -> Element:
    """The page's tumble(die, place) function (see _TUMBLE_JS)."""
    # `new Function` needs 'unsafe-eval' in the Content-Security-Policy, which PyScript needs too.
    maker: Element = window.Function.new(_TUMBLE_JS)
    tumble: Element = maker()
    return tumble
