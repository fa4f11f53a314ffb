/// The small standard set of categories every import is mapped onto.
public enum Category: String, Sendable, CaseIterable, Hashable {
    case streaming, music, software, cloud, news, fitness, gaming, education, utilities, finance,
         shopping, food, bills, other
}
