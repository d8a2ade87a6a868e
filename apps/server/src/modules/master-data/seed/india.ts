// India's 28 states and 8 union territories with their capitals and main cities (state capitals,
// district headquarters and other large towns), shipped as master data. Names follow current
// official spellings (Prayagraj, Chhatrapati Sambhajinagar, Sri Vijaya Puram ...). The capital is
// listed first in each city list, so Chandigarh, the capital of Punjab and of Haryana, appears under
// both as well as under its own union territory.

export interface SeedState {
  name: string;
  kind: 'state' | 'union territory';
  /** Comma-separated city names, capital first. */
  cities: string;
}

export const INDIA_STATES: readonly SeedState[] = [
  {
    name: 'Andhra Pradesh',
    kind: 'state',
    cities:
      'Amaravati, Visakhapatnam, Vijayawada, Guntur, Nellore, Kurnool, Kadapa, Tirupati, Anantapur, Kakinada, Rajamahendravaram, Eluru, Ongole, Srikakulam, Vizianagaram, Chittoor, Machilipatnam, Nandyal, Bhimavaram, Tenali, Hindupur, Proddatur, Puttaparthi, Narasaraopet, Bapatla, Paderu, Rayachoti, Amalapuram, Parvathipuram, Anakapalli',
  },
  {
    name: 'Arunachal Pradesh',
    kind: 'state',
    cities:
      'Itanagar, Naharlagun, Pasighat, Tawang, Ziro, Bomdila, Aalo, Tezu, Roing, Khonsa, Changlang, Daporijo, Seppa, Yingkiong, Namsai',
  },
  {
    name: 'Assam',
    kind: 'state',
    cities:
      'Dispur, Guwahati, Silchar, Dibrugarh, Jorhat, Nagaon, Tinsukia, Tezpur, Bongaigaon, Dhubri, Diphu, North Lakhimpur, Karimganj, Sivasagar, Goalpara, Barpeta, Golaghat, Kokrajhar, Hailakandi, Mangaldoi, Nalbari, Morigaon, Haflong, Dhemaji',
  },
  {
    name: 'Bihar',
    kind: 'state',
    cities:
      'Patna, Gaya, Bhagalpur, Muzaffarpur, Darbhanga, Purnia, Bihar Sharif, Arrah, Begusarai, Katihar, Munger, Chhapra, Saharsa, Sasaram, Hajipur, Motihari, Bettiah, Siwan, Sitamarhi, Madhubani, Samastipur, Buxar, Kishanganj, Jamui, Aurangabad, Nawada, Jehanabad, Lakhisarai, Sheikhpura, Supaul, Madhepura, Araria, Banka, Khagaria, Gopalganj, Bhabua, Arwal',
  },
  {
    name: 'Chhattisgarh',
    kind: 'state',
    cities:
      'Raipur, Bhilai, Durg, Bilaspur, Korba, Rajnandgaon, Jagdalpur, Ambikapur, Raigarh, Dhamtari, Mahasamund, Kanker, Janjgir, Kawardha, Dantewada, Jashpur Nagar, Mungeli, Baloda Bazar, Bemetara, Balod',
  },
  {
    name: 'Goa',
    kind: 'state',
    cities: 'Panaji, Margao, Vasco da Gama, Mapusa, Ponda, Bicholim, Curchorem',
  },
  {
    name: 'Gujarat',
    kind: 'state',
    cities:
      'Gandhinagar, Ahmedabad, Surat, Vadodara, Rajkot, Bhavnagar, Jamnagar, Junagadh, Anand, Nadiad, Bharuch, Navsari, Valsad, Vapi, Mehsana, Palanpur, Bhuj, Gandhidham, Porbandar, Morbi, Surendranagar, Amreli, Godhra, Dahod, Himmatnagar, Patan, Veraval, Botad, Modasa, Rajpipla, Lunawada, Chhota Udaipur, Ahwa, Vyara, Khambhalia',
  },
  {
    name: 'Haryana',
    kind: 'state',
    cities:
      'Chandigarh, Faridabad, Gurugram, Panipat, Ambala, Yamunanagar, Rohtak, Hisar, Karnal, Sonipat, Panchkula, Bhiwani, Sirsa, Bahadurgarh, Jind, Kurukshetra, Kaithal, Rewari, Palwal, Narnaul, Fatehabad, Jhajjar, Nuh, Charkhi Dadri',
  },
  {
    name: 'Himachal Pradesh',
    kind: 'state',
    cities:
      'Shimla, Dharamshala, Mandi, Solan, Kullu, Manali, Hamirpur, Una, Bilaspur, Chamba, Nahan, Keylong, Reckong Peo, Palampur, Kangra',
  },
  {
    name: 'Jharkhand',
    kind: 'state',
    cities:
      'Ranchi, Jamshedpur, Dhanbad, Bokaro Steel City, Deoghar, Hazaribagh, Giridih, Ramgarh, Dumka, Chaibasa, Medininagar, Chatra, Gumla, Lohardaga, Simdega, Khunti, Latehar, Garhwa, Koderma, Pakur, Sahebganj, Godda, Jamtara, Seraikela',
  },
  {
    name: 'Karnataka',
    kind: 'state',
    cities:
      'Bengaluru, Mysuru, Mangaluru, Hubballi, Dharwad, Belagavi, Kalaburagi, Davanagere, Ballari, Vijayapura, Shivamogga, Tumakuru, Raichur, Bidar, Hosapete, Udupi, Hassan, Mandya, Chitradurga, Kolar, Chikkamagaluru, Bagalkot, Gadag, Haveri, Karwar, Koppal, Yadgir, Chamarajanagar, Chikkaballapur, Madikeri, Ramanagara',
  },
  {
    name: 'Kerala',
    kind: 'state',
    cities:
      'Thiruvananthapuram, Kochi, Kozhikode, Thrissur, Kollam, Kannur, Alappuzha, Palakkad, Kottayam, Malappuram, Kasaragod, Pathanamthitta, Idukki, Kalpetta, Thalassery, Ponnani',
  },
  {
    name: 'Madhya Pradesh',
    kind: 'state',
    cities:
      'Bhopal, Indore, Jabalpur, Gwalior, Ujjain, Sagar, Dewas, Satna, Ratlam, Rewa, Katni, Singrauli, Burhanpur, Khandwa, Bhind, Chhindwara, Guna, Shivpuri, Vidisha, Chhatarpur, Damoh, Mandsaur, Khargone, Neemuch, Narmadapuram, Itarsi, Sehore, Betul, Seoni, Datia, Nagda, Shahdol, Balaghat, Mandla, Dindori, Tikamgarh, Panna, Morena, Sheopur, Rajgarh, Shajapur, Dhar, Jhabua, Alirajpur, Barwani, Harda, Raisen, Narsinghpur, Umaria, Anuppur, Sidhi, Ashoknagar, Agar Malwa, Niwari',
  },
  {
    name: 'Maharashtra',
    kind: 'state',
    cities:
      'Mumbai, Pune, Nagpur, Thane, Nashik, Chhatrapati Sambhajinagar, Solapur, Amravati, Kolhapur, Navi Mumbai, Vasai-Virar, Kalyan-Dombivli, Sangli, Jalgaon, Akola, Latur, Dhule, Ahilyanagar, Chandrapur, Parbhani, Ichalkaranji, Jalna, Bhusawal, Panvel, Satara, Beed, Yavatmal, Gondia, Wardha, Nanded, Dharashiv, Nandurbar, Ratnagiri, Oros, Hingoli, Washim, Buldhana, Bhandara, Gadchiroli, Alibag, Palghar, Malegaon, Mira-Bhayandar, Bhiwandi, Ulhasnagar',
  },
  {
    name: 'Manipur',
    kind: 'state',
    cities:
      'Imphal, Thoubal, Bishnupur, Churachandpur, Ukhrul, Senapati, Tamenglong, Chandel, Kakching, Jiribam',
  },
  {
    name: 'Meghalaya',
    kind: 'state',
    cities:
      'Shillong, Tura, Jowai, Nongstoin, Williamnagar, Baghmara, Nongpoh, Resubelpara, Mawkyrwat, Ampati, Khliehriat',
  },
  {
    name: 'Mizoram',
    kind: 'state',
    cities:
      'Aizawl, Lunglei, Champhai, Serchhip, Kolasib, Lawngtlai, Saiha, Mamit, Saitual, Khawzawl, Hnahthial',
  },
  {
    name: 'Nagaland',
    kind: 'state',
    cities: 'Kohima, Dimapur, Mokokchung, Tuensang, Wokha, Zunheboto, Mon, Phek, Kiphire, Longleng, Peren',
  },
  {
    name: 'Odisha',
    kind: 'state',
    cities:
      'Bhubaneswar, Cuttack, Rourkela, Berhampur, Sambalpur, Puri, Balasore, Bhadrak, Baripada, Jharsuguda, Jeypore, Bargarh, Angul, Dhenkanal, Kendrapara, Jajpur, Keonjhar, Koraput, Rayagada, Bolangir, Sundargarh, Phulbani, Nabarangpur, Malkangiri, Nuapada, Bhawanipatna, Jagatsinghpur, Khordha, Nayagarh, Paralakhemundi, Sonepur, Boudh, Deogarh',
  },
  {
    name: 'Punjab',
    kind: 'state',
    cities:
      'Chandigarh, Ludhiana, Amritsar, Jalandhar, Patiala, Bathinda, Mohali, Hoshiarpur, Pathankot, Moga, Batala, Abohar, Malerkotla, Khanna, Phagwara, Sri Muktsar Sahib, Barnala, Rajpura, Firozpur, Kapurthala, Faridkot, Sangrur, Gurdaspur, Fazilka, Mansa, Tarn Taran, Rupnagar, Nawanshahr, Fatehgarh Sahib',
  },
  {
    name: 'Rajasthan',
    kind: 'state',
    cities:
      'Jaipur, Jodhpur, Kota, Bikaner, Ajmer, Udaipur, Bhilwara, Alwar, Bharatpur, Sikar, Pali, Sri Ganganagar, Tonk, Kishangarh, Beawar, Hanumangarh, Dholpur, Sawai Madhopur, Churu, Jhunjhunu, Barmer, Jaisalmer, Chittorgarh, Nagaur, Banswara, Dungarpur, Bundi, Baran, Jhalawar, Karauli, Dausa, Rajsamand, Pratapgarh, Sirohi, Jalore',
  },
  {
    name: 'Sikkim',
    kind: 'state',
    cities: 'Gangtok, Namchi, Gyalshing, Mangan, Pakyong, Soreng, Rangpo, Jorethang',
  },
  {
    name: 'Tamil Nadu',
    kind: 'state',
    cities:
      'Chennai, Coimbatore, Madurai, Tiruchirappalli, Salem, Tirunelveli, Tiruppur, Vellore, Erode, Thoothukudi, Dindigul, Thanjavur, Ranipet, Sivakasi, Karur, Udhagamandalam, Hosur, Nagercoil, Kanchipuram, Kumbakonam, Cuddalore, Tiruvannamalai, Pollachi, Rajapalayam, Pudukkottai, Namakkal, Krishnagiri, Dharmapuri, Viluppuram, Nagapattinam, Ramanathapuram, Sivaganga, Virudhunagar, Theni, Ariyalur, Perambalur, Kallakurichi, Chengalpattu, Tiruvallur, Tiruvarur, Tenkasi, Tirupathur, Mayiladuthurai',
  },
  {
    name: 'Telangana',
    kind: 'state',
    cities:
      'Hyderabad, Secunderabad, Warangal, Nizamabad, Karimnagar, Khammam, Ramagundam, Mahabubnagar, Nalgonda, Adilabad, Suryapet, Siddipet, Miryalaguda, Jagtial, Mancherial, Sangareddy, Kamareddy, Kothagudem, Nirmal, Vikarabad, Wanaparthy, Medak, Jangaon, Bhongir, Gadwal, Nagarkurnool, Peddapalli, Sircilla, Mahabubabad, Bhupalpally, Narayanpet, Mulugu, Asifabad',
  },
  {
    name: 'Tripura',
    kind: 'state',
    cities:
      'Agartala, Udaipur, Dharmanagar, Kailashahar, Belonia, Ambassa, Khowai, Teliamura, Bishalgarh, Sabroom, Santirbazar',
  },
  {
    name: 'Uttar Pradesh',
    kind: 'state',
    cities:
      'Lucknow, Kanpur, Ghaziabad, Agra, Varanasi, Meerut, Prayagraj, Bareilly, Aligarh, Moradabad, Saharanpur, Gorakhpur, Noida, Greater Noida, Firozabad, Jhansi, Muzaffarnagar, Mathura, Ayodhya, Rampur, Shahjahanpur, Farrukhabad, Mau, Hapur, Etawah, Mirzapur, Bulandshahr, Sambhal, Amroha, Hardoi, Fatehpur, Raebareli, Orai, Sitapur, Bahraich, Unnao, Jaunpur, Lakhimpur, Hathras, Banda, Pilibhit, Barabanki, Gonda, Mainpuri, Lalitpur, Etah, Deoria, Ghazipur, Sultanpur, Azamgarh, Bijnor, Basti, Ballia, Budaun, Kannauj, Mahoba, Hamirpur, Chitrakoot, Manjhanpur, Pratapgarh, Gauriganj, Shamli, Baghpat, Kasganj, Auraiya, Padrauna, Maharajganj, Siddharthnagar, Khalilabad, Bhinga, Balrampur, Chandauli, Robertsganj, Bhadohi, Akbarpur',
  },
  {
    name: 'Uttarakhand',
    kind: 'state',
    cities:
      'Dehradun, Gairsain, Haridwar, Roorkee, Haldwani, Rudrapur, Kashipur, Rishikesh, Nainital, Almora, Pithoragarh, Pauri, New Tehri, Uttarkashi, Gopeshwar, Rudraprayag, Bageshwar, Champawat, Kotdwar',
  },
  {
    name: 'West Bengal',
    kind: 'state',
    cities:
      'Kolkata, Howrah, Durgapur, Asansol, Siliguri, Bardhaman, English Bazar, Baharampur, Habra, Kharagpur, Shantipur, Darjeeling, Jalpaiguri, Cooch Behar, Krishnanagar, Barasat, Bankura, Purulia, Midnapore, Tamluk, Haldia, Alipurduar, Raiganj, Balurghat, Suri, Chinsurah, Kalimpong, Jhargram, Alipore, Bidhannagar',
  },
  {
    name: 'Andaman and Nicobar Islands',
    kind: 'union territory',
    cities: 'Sri Vijaya Puram, Mayabunder, Car Nicobar, Diglipur, Rangat',
  },
  { name: 'Chandigarh', kind: 'union territory', cities: 'Chandigarh' },
  {
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union territory',
    cities: 'Daman, Diu, Silvassa',
  },
  { name: 'Delhi', kind: 'union territory', cities: 'New Delhi, Delhi' },
  {
    name: 'Jammu and Kashmir',
    kind: 'union territory',
    cities:
      'Srinagar, Jammu, Anantnag, Baramulla, Sopore, Kathua, Udhampur, Rajouri, Poonch, Doda, Kishtwar, Kupwara, Pulwama, Shopian, Budgam, Ganderbal, Bandipora, Kulgam, Reasi, Ramban, Samba',
  },
  { name: 'Ladakh', kind: 'union territory', cities: 'Leh, Kargil' },
  { name: 'Lakshadweep', kind: 'union territory', cities: 'Kavaratti, Agatti, Minicoy, Andrott, Amini' },
  { name: 'Puducherry', kind: 'union territory', cities: 'Puducherry, Karaikal, Mahe, Yanam' },
];

export function citiesOf(state: SeedState): string[] {
  return state.cities.split(',').map((name) => name.trim());
}
