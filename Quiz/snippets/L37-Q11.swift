actor Jar {
    var drops = 0

    func pour() {
        drops += 1
    }
}

func start(_ jar: Jar) {
    Task {
        await jar.pour()
    }
}

start(Jar())
