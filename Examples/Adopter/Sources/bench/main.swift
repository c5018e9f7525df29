print("Adopter's own bench")
