print("Adopter's own quiz")
