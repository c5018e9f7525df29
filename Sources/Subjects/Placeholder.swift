/// Placeholder until the subjects land.
public enum SubjectsPlaceholder {}
