//! A game's state blob carries its layout number (`GameState::LAYOUT`), so that a blob of another
//! shape (a snapshot or cached state from another build) is refused by name instead of misread:
//! postcard has no field names, so a grown struct would otherwise read an old blob's bytes into
//! the wrong fields. That promise holds only if every change of shape bumps the number. This test
//! keeps the two together: each game's state shape, traced from its serde derive, is recorded in
//! `services/engine/data/state-layouts/<game>.txt` under the layout number it was recorded with.
//! A changed shape under an unchanged number fails; `ARBITER_WRITE_STATE_LAYOUTS=1 cargo test -p
//! engine state_layouts` rewrites the files once the number is bumped.

use std::path::PathBuf;

use serde_reflection::{ContainerFormat, Format, FormatHolder, Samples, Tracer, TracerConfig, VariantFormat};

use crate::core::{self, game::GameState};

/// Traces `T` into the tracer (serde-reflection explores one variant of a nested enum per pass,
/// so every enum of a state is traced on its own too: a new enum missing from the lists below
/// fails with its name).
fn trace<T: serde::de::DeserializeOwned>(tracer: &mut Tracer) {
    let samples = Samples::new();
    if let Err(e) = tracer.trace_type::<T>(&samples) {
        panic!("{} does not trace: {e}", std::any::type_name::<T>());
    }
}

/// Fields with a `#[serde(alias)]` (their name in the JSON states of earlier builds), as
/// (container, alias, field). serde lists the alias among the field names, and serde-reflection
/// then records the field's format under the alias and the field itself as untraced; postcard
/// never sees names, so the record keeps the field's own name at its place.
const ALIASED: &[(&str, &str, &str)] = &[("Task", "diviner", "odd_cost_ends_run")];

fn shape_of<G: GameState>(enums: &[fn(&mut Tracer)]) -> String {
    let traced = || {
        let mut tracer = Tracer::new(TracerConfig::default());
        trace::<G>(&mut tracer);
        // The enums of the core, in every state.
        trace::<core::Awaiting>(&mut tracer);
        trace::<core::DecisionSpec>(&mut tracer);
        trace::<core::DrawKind>(&mut tracer);
        trace::<core::effects::Expiry>(&mut tracer);
        for e in enums {
            e(&mut tracer);
        }
        tracer
    };
    let registry = match traced().registry() {
        Ok(registry) => registry,
        Err(serde_reflection::Error::UnknownFormatInContainer(name)) if ALIASED.iter().any(|a| a.0 == name) => {
            let tracer = traced();
            let mut registry = tracer.registry_unchecked();
            if let Some(ContainerFormat::Enum(variants)) = registry.get_mut(&name) {
                for variant in variants.values_mut() {
                    if let VariantFormat::Variable(v) = &variant.value {
                        if let Some(VariantFormat::Struct(fields)) = v.borrow_mut().as_mut() {
                            fields.retain(|f| !matches!(&f.value, Format::Variable(x) if x.borrow().is_none()));
                            for f in fields.iter_mut() {
                                if let Some((_, _, field)) = ALIASED.iter().find(|(c, alias, _)| *c == name && f.name == *alias) {
                                    f.name = field.to_string();
                                }
                            }
                        }
                    }
                }
            }
            for (name, format) in registry.iter_mut() {
                if let Err(e) = format.normalize() {
                    panic!("the {} state: {name} does not trace: {e}", G::RULESET);
                }
            }
            registry
        }
        Err(e) => panic!("the {} state holds a type not traced here; add it to its list: {e}", G::RULESET),
    };
    serde_json::to_string_pretty(&registry).expect("a registry is JSON")
}

fn check<G: GameState>(enums: &[fn(&mut Tracer)]) -> Result<(), String> {
    let name = G::RULESET;
    let layout = G::LAYOUT.map_or(0, u32::from);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("data/state-layouts/{name}.txt"));
    let current = format!("layout {layout}\n{}\n", shape_of::<G>(enums));
    if std::env::var_os("ARBITER_WRITE_STATE_LAYOUTS").is_some() {
        std::fs::write(&path, &current).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(());
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    if recorded == current {
        return Ok(());
    }
    let recorded_layout = recorded.lines().next().unwrap_or_default();
    if recorded_layout == format!("layout {layout}") {
        Err(format!(
            "the {name} state changed shape but its layout is still {layout}: bump `LAYOUT` (a blob of the old \
             shape would be misread, not refused), then rewrite {} with ARBITER_WRITE_STATE_LAYOUTS=1 cargo test -p \
             engine state_layouts",
            path.display()
        ))
    } else {
        Err(format!(
            "{} records `{recorded_layout}`, the {name} state is layout {layout}: rewrite it with \
             ARBITER_WRITE_STATE_LAYOUTS=1 cargo test -p engine state_layouts",
            path.display()
        ))
    }
}

const MAINFRAME: &[fn(&mut Tracer)] = &{
    use crate::mainframe::{data::Pool, options::CacheResolution, state::*};
    [trace::<After>, trace::<CacheResolution>, trace::<ItemKind>, trace::<Pool>, trace::<Stage>, trace::<TargetRef>, trace::<Window>]
};

const NETRUNNER: &[fn(&mut Tracer)] = &{
    use crate::netrunner::{data::*, state::*};
    [trace::<At>, trace::<CardType>, trace::<DamageKind>, trace::<Side>, trace::<Slot>, trace::<Stage>, trace::<Task>, trace::<TraceEffect>, trace::<TrashKind>]
};

const NEONHOPE: &[fn(&mut Tracer)] = &{
    use crate::neonhope::{data::*, state::*};
    [trace::<Stage>, trace::<Target>, trace::<Task>, trace::<Tile>]
};

#[test]
fn every_change_of_a_state_shape_bumps_its_layout() {
    let failures: Vec<String> =
        [check::<crate::mainframe::state::Game>(MAINFRAME), check::<crate::netrunner::state::Game>(NETRUNNER), check::<crate::neonhope::state::Game>(NEONHOPE)]
            .into_iter()
            .filter_map(Result::err)
            .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
