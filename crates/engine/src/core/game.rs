//! The shape of every family's game state, and the one loop that drives a record through it.
//!
//! A family's rules live in a state type that knows whose turn it is, what that player may
//! do ([`GameState::legal`]) and what an action leads to ([`GameState::play`]). An action
//! the rules refuse leaves the state as it was and comes back as a typed refusal; nothing in
//! a state speaks of spans, messages or reports. Three callers use the same state:
//!
//! - the full check, whose [`Sink`] turns each refusal into a finding at the record's place
//!   and asks to go on with the action as written ([`Recovery::Apply`]), so that one illegal
//!   card does not hide the rest of the record;
//! - the quick verdict, whose sink stops at the first refusal (the full check then decides);
//! - the generator, which picks among [`GameState::legal`] and plays what it picked.
//!
//! The sink is a visitor in the manner of a PGN reader's: each callback returns
//! [`ControlFlow`], so a caller that has seen enough stops the loop.

use std::ops::ControlFlow;

/// A game in progress under one family's rules.
pub trait GameState {
    /// One thing a player does: a card played, a word said, a meld shown.
    type Action: Copy;
    /// What an accepted action led to (a card added, a trick taken, the game ended).
    type Event;
    /// Why the rules refuse an action, as data.
    type Refusal;
    /// What the player to act may do (a card set, or a list of actions).
    type Legal;

    /// What the player to act may do now.
    fn legal(&self) -> Self::Legal;

    /// Plays an action: its event, or the refusal with the state unchanged.
    fn play(&mut self, action: Self::Action) -> Result<Self::Event, Self::Refusal>;

    /// Plays an action the rules refused, as the record has it, so that checking goes on
    /// from what was actually played; `None` when even that cannot be done (the state is
    /// then unchanged).
    fn play_anyway(&mut self, action: Self::Action) -> Option<Self::Event>;

    /// Whether the game has ended (later actions are refused or ignored, as the family says).
    fn is_over(&self) -> bool;
}

/// What to do with an action the rules refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// Play it as written ([`GameState::play_anyway`]) and go on.
    Apply,
    /// Leave it out and go on.
    Skip,
}

/// The receiver of a replay: sees every event and every refusal, with the caller's context
/// for the action (a span, a trick number; `()` when there is none).
pub trait Sink<G: GameState, C> {
    /// An accepted action's event.
    fn event(&mut self, context: &C, action: G::Action, event: &G::Event) -> ControlFlow<()>;

    /// A refused action: stop, or go on by applying or skipping it.
    fn refused(&mut self, context: &C, action: G::Action, refusal: G::Refusal) -> ControlFlow<(), Recovery>;
}

/// Drives `actions` through `state`, telling `sink` of each outcome, until the actions run
/// out or the sink stops the loop (then `Break`).
#[inline]
pub fn drive<G, C, S>(
    state: &mut G,
    actions: impl IntoIterator<Item = (C, G::Action)>,
    sink: &mut S,
) -> ControlFlow<()>
where
    G: GameState,
    S: Sink<G, C>,
{
    for (context, action) in actions {
        match state.play(action) {
            Ok(event) => sink.event(&context, action, &event)?,
            Err(refusal) => match sink.refused(&context, action, refusal)? {
                Recovery::Apply => {
                    if let Some(event) = state.play_anyway(action) {
                        sink.event(&context, action, &event)?;
                    }
                }
                Recovery::Skip => {}
            },
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: players say numbers up to 10 that must rise; the game ends at 10.
    struct Rising {
        last: u32,
    }

    #[derive(Debug, PartialEq)]
    struct TooLow {
        needed: u32,
    }

    impl GameState for Rising {
        type Action = u32;
        type Event = u32;
        type Refusal = TooLow;
        type Legal = std::ops::RangeInclusive<u32>;

        fn legal(&self) -> Self::Legal {
            self.last + 1..=10
        }

        fn play(&mut self, n: u32) -> Result<u32, TooLow> {
            if n <= self.last || n > 10 {
                return Err(TooLow {
                    needed: self.last + 1,
                });
            }
            self.last = n;
            Ok(n)
        }

        fn play_anyway(&mut self, n: u32) -> Option<u32> {
            (!self.is_over()).then(|| {
                self.last = n;
                n
            })
        }

        fn is_over(&self) -> bool {
            self.last >= 10
        }
    }

    struct Log {
        seen: Vec<String>,
        recovery: Option<Recovery>,
    }

    impl Sink<Rising, usize> for Log {
        fn event(&mut self, at: &usize, _: u32, n: &u32) -> ControlFlow<()> {
            self.seen.push(format!("{at}:{n}"));
            ControlFlow::Continue(())
        }

        fn refused(&mut self, at: &usize, n: u32, r: TooLow) -> ControlFlow<(), Recovery> {
            self.seen.push(format!("{at}:{n} refused, needs {}", r.needed));
            match self.recovery {
                Some(k) => ControlFlow::Continue(k),
                None => ControlFlow::Break(()),
            }
        }
    }

    fn run(recovery: Option<Recovery>, said: &[u32]) -> (Vec<String>, ControlFlow<()>, u32) {
        let mut state = Rising { last: 0 };
        let mut log = Log {
            seen: Vec::new(),
            recovery,
        };
        let flow = drive(&mut state, said.iter().copied().enumerate(), &mut log);
        (log.seen, flow, state.last)
    }

    #[test]
    fn a_refusal_stops_applies_or_skips_as_the_sink_says() {
        let said = [2, 5, 3, 7];
        let (seen, flow, last) = run(None, &said);
        assert_eq!(seen, ["0:2", "1:5", "2:3 refused, needs 6"]);
        assert_eq!((flow, last), (ControlFlow::Break(()), 5));

        let (seen, flow, last) = run(Some(Recovery::Skip), &said);
        assert_eq!(seen, ["0:2", "1:5", "2:3 refused, needs 6", "3:7"]);
        assert_eq!((flow, last), (ControlFlow::Continue(()), 7));

        let (seen, _, last) = run(Some(Recovery::Apply), &said);
        assert_eq!(seen, ["0:2", "1:5", "2:3 refused, needs 6", "2:3", "3:7"]);
        assert_eq!(last, 7);
    }

    #[test]
    fn legal_actions_are_the_ones_play_accepts() {
        let mut state = Rising { last: 4 };
        for n in 0..=12 {
            let legal = state.legal().contains(&n);
            let mut probe = Rising { last: state.last };
            assert_eq!(probe.play(n).is_ok(), legal, "{n}");
        }
        assert!(state.play(10).is_ok());
        assert!(state.is_over() && state.legal().is_empty());
    }
}
