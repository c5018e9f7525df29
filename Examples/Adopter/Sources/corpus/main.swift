print("Adopter's own corpus")
