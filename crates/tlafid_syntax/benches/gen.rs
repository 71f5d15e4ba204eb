//! The generated module used by the parse benchmark and the throughput example.

/// A module shaped like a PlusCal translation: many labelled actions with bulleted lists,
/// EXCEPT updates, records, quantifiers and comments, about `bytes` long.
pub fn generated_spec(bytes: usize) -> String {
    let mut text = String::from(
        "--------------------------- MODULE Generated ---------------------------\n\
         EXTENDS Naturals, Sequences, FiniteSets, TLC\n\
         CONSTANTS Procs, N, Values\n\
         VARIABLES pc, stack, mem, queue, owner, msgs\n\
         vars == << pc, stack, mem, queue, owner, msgs >>\n\
         -----------------------------------------------------------------------------\n",
    );
    let mut i = 0;
    while text.len() < bytes {
        text.push_str(&format!(
            "(* Action {i}: moves a message and updates memory. *)\n\
             lbl{i}(self) == /\\ pc[self] = \"lbl{i}\"\n\
             \x20               /\\ \\E v \\in Values, q \\in Procs \\ {{self}} :\n\
             \x20                    /\\ mem' = [mem EXCEPT ![self] = v + {i}, ![q].count = @ + 1]\n\
             \x20                    /\\ msgs' = msgs \\cup {{[src |-> self, dst |-> q, val |-> v]}}\n\
             \x20               /\\ IF Len(queue[self]) > 0\n\
             \x20                     THEN queue' = [queue EXCEPT ![self] = Tail(@)]\n\
             \x20                     ELSE UNCHANGED queue\n\
             \x20               /\\ pc' = [pc EXCEPT ![self] = \"lbl{next}\"]\n\
             \x20               /\\ UNCHANGED << stack, owner >>  \\* frame condition\n\n",
            next = i + 1
        ));
        i += 1;
    }
    text.push_str("Next == \\E self \\in Procs : lbl0(self) \\/ lbl1(self)\n");
    text.push_str("Spec == Init /\\ [][Next]_vars /\\ WF_vars(Next)\n");
    text.push_str(
        "=============================================================================\n",
    );
    text
}
