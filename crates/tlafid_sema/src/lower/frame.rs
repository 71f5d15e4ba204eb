//! The state of lowering one operator: its stack of frames (one per lifted `LET`/`LAMBDA`
//! being lowered inside it), the names in scope, slot allocation and captures.
//!
//! A slot used from an inner frame but bound in an outer one is captured: the inner frame
//! gets a placeholder slot `CAPTURE_BASE + k` for its `k`-th capture, and when the frame is
//! finished, captures are renumbered to the front (`0..k`) and its own slots moved after them.

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};

use super::{CtxId, Global};
use crate::codes;
use crate::ir::{self, Expr, ExprKind, OpId, Slot};
use crate::modules::ModId;
use crate::walk;

/// Placeholder slots for captures start here.
pub(super) const CAPTURE_BASE: u32 = 1 << 30;

/// What a bound name holds.
#[derive(Clone, Debug)]
pub(super) enum LocalKind {
    /// A value (bound variable, value parameter, `LET` value).
    Value,
    /// An operator parameter of this arity.
    OpParam(usize),
    /// A lifted `LET` operator; `captures` are slots of the frame it was defined in.
    LetOp(LetOp),
    /// A `LET` instance `I(p) == INSTANCE M`: its context, `M`, and its parameters' arities.
    LetInst {
        ctx: CtxId,
        module: ModId,
        arities: Vec<usize>,
    },
}

/// A lifted `LET` operator in scope.
#[derive(Clone, Debug)]
pub(super) struct LetOp {
    pub op: OpId,
    /// Arities of its own parameters.
    pub arities: Vec<usize>,
    /// What it captures (slots of the defining frame).
    pub captures: Vec<Capture>,
    /// A function definition `f[x \in S] == …`.
    pub function: bool,
}

/// One captured slot of an enclosing frame.
#[derive(Clone, Debug)]
pub(super) struct Capture {
    pub slot: u32,
    pub name: SmolStr,
    pub arity: usize,
}

/// A name bound by a parameter, binder or `LET`.
#[derive(Clone, Debug)]
pub(super) struct Local {
    pub name: SmolStr,
    pub frame: usize,
    pub slot: u32,
    pub kind: LocalKind,
    pub span: Span,
}

/// Where names are looked up.
#[derive(Clone, Debug)]
pub(super) struct Env {
    /// The module whose scope is used.
    pub module: ModId,
    /// The instance context.
    pub ctx: CtxId,
    /// The unit of `module` being lowered (names defined later are not visible).
    pub position: usize,
    /// Bound names, innermost last.
    pub locals: Vec<Local>,
    /// The frame and slot of `@`, inside an `EXCEPT` value.
    pub at: Option<(usize, u32)>,
}

/// One frame being lowered.
#[derive(Debug, Default)]
pub(super) struct Frame {
    /// The next free slot.
    pub next: u32,
    /// The most slots in use at once.
    pub max: u32,
    /// Captured slots of the enclosing frame, in order of first use.
    pub captures: Vec<Capture>,
}

/// Lowers the body of one operator (and the `LET`s and `LAMBDA`s inside it).
pub(super) struct Lowerer<'g, 'm> {
    pub g: &'g mut Global<'m>,
    pub frames: Vec<Frame>,
    pub env: Env,
    /// How many substitutions and subexpression selections are being inlined.
    pub inline_depth: u32,
}

impl<'g, 'm> Lowerer<'g, 'm> {
    /// A lowerer whose frame 0 has `slots` parameter slots.
    pub fn new(
        g: &'g mut Global<'m>,
        module: ModId,
        ctx: CtxId,
        position: usize,
        slots: u32,
    ) -> Self {
        let env = Env {
            module,
            ctx,
            position,
            locals: Vec::new(),
            at: None,
        };
        Lowerer {
            inline_depth: 0,
            g,
            frames: vec![Frame {
                next: slots,
                max: slots,
                captures: Vec::new(),
            }],
            env,
        }
    }

    /// Enters an inlined substitution or selection; `false` (reported) when they nest so
    /// deeply that they must be cyclic.
    pub fn enter_inline(&mut self, span: Span) -> bool {
        if self.inline_depth >= 64 {
            self.error(Diagnostic::error(
                codes::UNSUPPORTED,
                "substitutions or subexpression selectors nest too deeply (are they cyclic?)",
                span,
            ));
            return false;
        }
        self.inline_depth += 1;
        true
    }

    /// Reports an error.
    pub fn error(&mut self, diagnostic: Diagnostic) {
        self.g.diagnostics.push(diagnostic);
    }

    /// The index of the innermost frame.
    pub fn current(&self) -> usize {
        self.frames.len() - 1
    }

    /// The slot in the innermost frame through which `slot` of `frame` is reached.
    pub fn access(&mut self, frame: usize, slot: u32, name: &SmolStr, arity: usize) -> u32 {
        let current = self.current();
        self.access_in(frame, slot, current, name, arity)
    }

    fn access_in(
        &mut self,
        frame: usize,
        slot: u32,
        at: usize,
        name: &SmolStr,
        arity: usize,
    ) -> u32 {
        if frame >= at {
            return slot;
        }
        let outer = self.access_in(frame, slot, at - 1, name, arity);
        let captures = &mut self.frames[at].captures;
        let k = match captures.iter().position(|c| c.slot == outer) {
            Some(k) => k,
            None => {
                captures.push(Capture {
                    slot: outer,
                    name: name.clone(),
                    arity,
                });
                captures.len() - 1
            }
        };
        CAPTURE_BASE + k as u32
    }

    /// The expression passing a captured slot on (a value, or an operator).
    pub fn capture_arg(&mut self, frame: usize, capture: &Capture, span: Span) -> Expr {
        let slot = Slot(self.access(frame, capture.slot, &capture.name, capture.arity));
        let kind = if capture.arity == 0 {
            ExprKind::Local(slot)
        } else {
            ExprKind::LocalOpArg(slot)
        };
        Expr { kind, span }
    }

    /// The argument for instance parameter `index` of the current operator.
    pub fn prefix_arg(&mut self, index: usize, span: Span) -> Expr {
        let param = self.g.ctxs[self.env.ctx].prefix[index].clone();
        let capture = Capture {
            slot: index as u32,
            name: param.name,
            arity: param.arity,
        };
        self.capture_arg(0, &capture, span)
    }

    /// Takes the next slot of the innermost frame.
    pub fn new_slot(&mut self) -> u32 {
        let frame = self.frames.last_mut().expect("a frame is always open");
        let slot = frame.next;
        frame.next += 1;
        frame.max = frame.max.max(frame.next);
        slot
    }

    /// Where the innermost frame's slots and the bound names stand, to restore later.
    pub fn mark(&self) -> (u32, usize) {
        (
            self.frames.last().map_or(0, |f| f.next),
            self.env.locals.len(),
        )
    }

    /// Releases slots and names bound since `mark`.
    pub fn release(&mut self, mark: (u32, usize)) {
        if let Some(frame) = self.frames.last_mut() {
            frame.next = mark.0;
        }
        self.env.locals.truncate(mark.1);
    }

    /// Binds a value name to a new slot, after checking it redefines nothing.
    pub fn bind_value(&mut self, name: &tlafid_syntax::ast::Ident) -> u32 {
        self.check_new_name(name);
        let slot = self.new_slot();
        self.push_local(name, slot, LocalKind::Value);
        slot
    }

    /// Adds a bound name for a slot of the innermost frame.
    pub fn push_local(&mut self, name: &tlafid_syntax::ast::Ident, slot: u32, kind: LocalKind) {
        let frame = self.current();
        self.env.locals.push(Local {
            name: name.name.clone(),
            frame,
            slot,
            kind,
            span: name.span,
        });
    }

    /// Reports a bound name that redefines a name already in scope (SANY forbids it).
    pub fn check_new_name(&mut self, name: &tlafid_syntax::ast::Ident) {
        let previous = match self.env.locals.iter().rev().find(|l| l.name == name.name) {
            Some(local) => Some(local.span),
            None => {
                let scope = &self.g.scopes[self.env.module];
                scope.lookup(&name.name, self.env.position).map(|e| e.span)
            }
        };
        if let Some(previous) = previous {
            self.error(
                Diagnostic::error(
                    codes::SHADOWED_NAME,
                    format!(
                        "`{}` is already defined; a bound name or parameter may not redefine it",
                        name.name
                    ),
                    name.span,
                )
                .with_label(previous, "defined here")
                .with_hint("choose another name"),
            );
        }
    }

    /// Opens a frame for a lifted operator, with captures known in advance (or none).
    pub fn push_frame(&mut self, slots: u32, captures: Vec<Capture>) {
        self.frames.push(Frame {
            next: slots,
            max: slots,
            captures,
        });
    }

    /// Closes the innermost frame: moves captures to the front of `exprs` and `binders` and
    /// returns the captures and the frame size.
    pub fn pop_frame(
        &mut self,
        exprs: &mut [&mut Expr],
        binders: &mut [ir::Binder],
    ) -> (Vec<Capture>, usize) {
        let frame = self.frames.pop().expect("a lifted frame is open");
        let captured = frame.captures.len() as u32;
        let map = |s: u32| {
            if s >= CAPTURE_BASE {
                s - CAPTURE_BASE
            } else {
                s + captured
            }
        };
        for e in exprs.iter_mut() {
            walk::remap_slots(e, &map);
        }
        for b in binders.iter_mut() {
            walk::remap_binder(b, &map);
        }
        (frame.captures, (captured + frame.max) as usize)
    }
}

/// A placeholder for an expression that could not be lowered (an error was reported).
pub(super) fn error_expr(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Bool(false),
        span,
    }
}
