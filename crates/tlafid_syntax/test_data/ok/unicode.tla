---- MODULE Unicode ----
Op ≜ ∀ x ∈ S : ∃ y ∈ T : x ≠ y ∧ ¬(x ≤ y) ∧ x ≥ y
Sets ≜ (A ∪ B) ∩ C ⊆ D ∧ x ∉ S
Imp ≜ a ⇒ b ≡ c
Tup ≜ ⟨1, 2⟩ ∈ A × B
Rec ≜ [a ↦ 1] ∈ [S → T]
Temp ≜ □◇P ∧ P ⇝ Q
User ≜ a ⊕ b ∘ c
==============================
