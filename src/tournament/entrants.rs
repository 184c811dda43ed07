//! The players of a tournament made ready for each of its variants: an agent per participant,
//! then one per level of the skill trace (`mcts:N`), as [`super::play::run`] plays them.

use std::sync::Arc;

use crate::engine::Rules;
use crate::error::In;
use crate::play::registry::{Agent, PlayerSpec};
use crate::play::solve::Solution;

use super::file::Tournament;
use super::play::Cast;
use super::schedule::trace_counts;

/// Every variant's agents (participants first, then the skill trace's levels) and their
/// names, in the order the schedule numbers them.
pub struct Entrants {
    pub agents: Vec<Vec<Agent>>,
    pub names: Vec<String>,
}

impl Entrants {
    pub fn cast(&self) -> Cast<'_> {
        Cast { agents: &self.agents, names: &self.names }
    }
}

/// Readies every player of `t` for every variant by `prepare` (a player, the variant's rules,
/// and the solution its perfect players share once one has made or loaded it). A failure is
/// placed: `participant `greedy` in Bakuk`, or `skill_trace in Bakuk`.
pub fn entrants<E>(
    t: &Tournament,
    mut prepare: impl FnMut(&PlayerSpec, &Rules, &mut Option<Arc<Solution>>) -> Result<Agent, E>,
) -> Result<Entrants, In<E>> {
    let levels = trace_counts(t);
    let mut names: Vec<String> = t.participants.iter().map(|p| p.name.clone()).collect();
    names.extend(levels.iter().map(|n| format!("mcts:{n}")));
    let mut agents = Vec::new();
    for e in &t.variants {
        let label = e.rules.spec().label();
        let mut solved = None;
        let mut list = Vec::new();
        for p in &t.participants {
            let agent = prepare(&p.agent, &e.rules, &mut solved)
                .map_err(|err| In::new(format!("participant `{}` in {label}", p.name), err))?;
            list.push(agent);
        }
        for n in &levels {
            // The file's checker keeps every level within mcts's bounds.
            let spec = PlayerSpec::parse(&format!("mcts:{n}"), false).expect("a level of mcts");
            list.push(
                prepare(&spec, &e.rules, &mut solved)
                    .map_err(|err| In::new(format!("skill_trace in {label}"), err))?,
            );
        }
        agents.push(list);
    }
    Ok(Entrants { agents, names })
}
