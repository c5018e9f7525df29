print("Adopter's own tools")
