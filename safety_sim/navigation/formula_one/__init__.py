"""Safety-Gymnasium's FormulaOne family (docs/spec/sg_head.md §3)."""
