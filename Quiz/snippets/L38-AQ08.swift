@concurrent func fromElsewhere() async {
    MainActor.assumeIsolated {
        print("assumed")
    }
}
