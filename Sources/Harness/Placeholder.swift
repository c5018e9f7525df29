public enum HarnessPlaceholder {}
