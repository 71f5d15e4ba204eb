//! Theorems and proofs. The statement is parsed and kept; proofs (and `USE`/`HIDE`) are
//! skipped token by token up to the next unit that starts in column 0, which is robust to
//! the whole TLAPS proof language without modelling it.

use super::{PResult, Parser};
use crate::ast::Theorem;
use crate::lexer::{Kw, TokKind};

impl Parser<'_> {
    /// `THEOREM [Name ==] (e | ASSUME … PROVE e)` and its proof, if any.
    pub(crate) fn theorem(&mut self) -> PResult<Theorem> {
        let start = self.bump().start;
        let mut name = None;
        if self.kind() == TokKind::Ident && self.nth(1).kind == TokKind::Sym("==") {
            let tok = self.bump();
            name = Some(self.ident(tok));
            self.bump();
        }
        let body = if self.at_kw(Kw::Assume) {
            self.skip_assume_prove()?;
            None
        } else {
            Some(self.expr()?)
        };
        if self.at_proof_start() {
            self.skip_proof();
        }
        Ok(Theorem {
            name,
            body,
            span: self.span_from(start),
        })
    }

    /// `ASSUME … PROVE e`: the assumptions are skipped, the goal parsed and dropped.
    fn skip_assume_prove(&mut self) -> PResult<()> {
        let mut open = 0usize;
        loop {
            let tok = self.peek();
            match tok.kind {
                TokKind::Eof => return Err(self.unexpected("`PROVE`")),
                TokKind::Kw(Kw::Assume) => open += 1,
                TokKind::Ident if self.text(tok) == "PROVE" => {
                    open -= 1;
                    if open == 0 {
                        self.bump();
                        self.expr()?;
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// True if a proof starts here: `PROOF`, `BY`, `OBVIOUS`, `OMITTED` or a step label.
    fn at_proof_start(&self) -> bool {
        matches!(
            self.kind(),
            TokKind::Step | TokKind::Kw(Kw::Proof | Kw::By | Kw::Obvious | Kw::Omitted)
        )
    }

    /// Skips a proof (or the rest of a `USE`/`HIDE`) up to the next unit in column 0.
    pub(crate) fn skip_proof(&mut self) {
        loop {
            let tok = self.peek();
            if tok.kind == TokKind::Eof {
                return;
            }
            if tok.col == 0
                && tok.kind != TokKind::Step
                && self.at_unit_start()
                && !self.at_proof_keyword()
            {
                return;
            }
            self.bump();
        }
    }

    /// Proof keywords that may stand in column 0 inside a proof.
    fn at_proof_keyword(&self) -> bool {
        let tok = self.peek();
        matches!(
            tok.kind,
            TokKind::Kw(Kw::Proof | Kw::By | Kw::Obvious | Kw::Omitted)
        ) || (tok.kind == TokKind::Ident && matches!(self.text(tok), "QED" | "DEF" | "DEFS"))
    }
}
